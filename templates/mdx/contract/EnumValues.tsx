import type { ReactElement } from 'react';
import { moreValuesText } from '../../api/more-values.js';
import { Caption } from './Caption.js';
import { useService } from './context.js';

/**
 * `<EnumValues service="datasource" name="RetrieveType" />`: the values of an enumeration, from the
 * contract; inside a sentence (`inline`, set by the content stage) just the values, comma-separated.
 */
export function EnumValues({
  service,
  name,
  inline = false,
}: {
  service: string;
  name: string;
  inline?: boolean;
}): ReactElement {
  const api = useService('EnumValues', service);
  const entry = api.schemas.get(name);
  if (!entry) throw new Error(`<EnumValues name="${name}">: the ${service} contract has no such schema`);
  if (inline) {
    return (
      <span className="contract-enum-inline">
        {entry.schema.enumValues.map((value, i) => (
          <span key={value}>
            {i > 0 ? ', ' : ''}
            <a href={entry.href}>
              <code>{value}</code>
            </a>
          </span>
        ))}
        {entry.schema.enumMore > 0 ? ` ${moreValuesText(entry.schema.enumMore)}` : null}
      </span>
    );
  }
  return (
    <div className="contract-block contract-enum">
      <Caption
        name={name}
        href={entry.href}
        kind="enumeration"
        apiTitle={api.title}
        type={entry.schema.type || undefined}
      />
      {entry.schema.description ? <div className="contract-description">{entry.schema.description}</div> : null}
      <ul className="contract-enum-values">
        {entry.schema.enumValues.map((value) => (
          <li key={value}>
            <code>{value}</code>
            {value === entry.schema.defaultValue ? <span className="badge">default</span> : null}
          </li>
        ))}
      </ul>
      {entry.schema.enumMore > 0 ? <p className="contract-fact">… {moreValuesText(entry.schema.enumMore)}.</p> : null}
    </div>
  );
}
