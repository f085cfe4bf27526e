import type { ReactElement, ReactNode } from 'react';
import type { PropertyModel, SchemaModel, SchemaNodeModel } from '../../api/model.js';
import { CodeList } from '../../api/CodeList.js';
import type { ServiceCatalog } from '../contract-model.js';
import { Caption } from './Caption.js';
import { useService } from './context.js';
import { TableHead } from '../../TableHead.js';

/**
 * `<Schema service="datasource" name="Bucket" />`: an entity's fields as a table, drawn from the
 * contract so the page cannot drift from the API. Nested objects and other entities are links to
 * the reference, where the whole tree is shown.
 */
export function Schema({ service, name }: { service: string; name: string }): ReactElement {
  const api = useService('Schema', service);
  const entry = api.schemas.get(name);
  if (!entry) throw new Error(`<Schema name="${name}">: the ${service} contract has no such schema`);
  const { schema } = entry;
  const fields = fieldsOf(schema);
  const closed = schema.extraProperties.some((p) => p.schema.kind === 'node' && p.schema.type === 'never');
  const includes = partsOf(schema);
  return (
    <div className="contract-block contract-schema">
      <Caption
        name={name}
        href={entry.href}
        kind="schema"
        apiTitle={api.title}
        type={fields.length === 0 ? schema.type || undefined : undefined}
      />
      {schema.description ? <div className="contract-description">{schema.description}</div> : null}
      {includes.length > 0 ? (
        <p className="contract-includes">
          Also has every field of{' '}
          {includes.map((link, i) => (
            <span key={link.name}>
              {i > 0 ? ', ' : ''}
              <a href={link.href}>{link.name}</a>
            </span>
          ))}
          .
        </p>
      ) : null}
      {fields.length > 0 ? (
        <div className="table-scroll">
          <table className="contract-fields">
            <TableHead columns={['Field', 'Type', 'Description']} />
            <tbody>
              {fields.map((field) => (
                <FieldRow key={field.name} field={field} api={api} />
              ))}
            </tbody>
          </table>
        </div>
      ) : schema.enumValues.length > 0 ? (
        <p className="contract-values">
          Values: <CodeList values={schema.enumValues} more={schema.enumMore} />
        </p>
      ) : null}
      {closed ? <p className="contract-fact">No other fields are allowed.</p> : null}
      {schema.truncated ? <p className="schema-truncated">{schema.truncated}</p> : null}
    </div>
  );
}

interface Field extends PropertyModel {
  /** A row for `additionalProperties` or `patternProperties`: a kind of key, not one field. */
  extra: boolean;
}

/** The named `allOf` parts the fields came from (the model merges them), each once, in order. */
function partsOf(schema: SchemaNodeModel): Array<{ name: string; href: string }> {
  const parts = new Map(schema.properties.flatMap((p) => (p.from ? [[p.from.href, p.from] as const] : [])));
  return [...parts.values()];
}

/** The object's properties, its `allOf` parts' merged in by the model (see schema-model.ts). */
function fieldsOf(schema: SchemaNodeModel): Field[] {
  const out: Field[] = schema.properties.map((property) => ({ ...property, extra: false }));
  // `[no other key]` is said below the table rather than as a row nobody can fill.
  for (const property of schema.extraProperties)
    if (!(property.schema.kind === 'node' && property.schema.type === 'never')) out.push({ ...property, extra: true });
  return out;
}

function FieldRow({ field, api }: { field: Field; api: ServiceCatalog }): ReactElement {
  const node = field.schema.kind === 'node' ? field.schema : undefined;
  const values = enumOf(field.schema, api);
  const constraints = node
    ? [...node.constraints, ...(node.constValue !== undefined ? [`always ${node.constValue}`] : [])]
    : [];
  const description = field.schema.description;
  return (
    <tr>
      <th scope="row">
        <code>{field.name}</code>
        {field.extra ? null : (
          <span className={field.required ? 'contract-required' : 'contract-optional'}>
            {field.required ? 'required' : 'optional'}
          </span>
        )}
      </th>
      <td>
        <TypeLabel schema={field.schema} />
        {node?.deprecated ? <span className="badge badge-deprecated">deprecated</span> : null}
        {node?.readOnly ? <span className="badge">read-only</span> : null}
        {node?.writeOnly ? <span className="badge">write-only</span> : null}
      </td>
      <td>
        {description ? <div className="contract-field-description">{description}</div> : null}
        {node?.defaultValue !== undefined ? (
          <p className="contract-fact">
            Default <code>{node.defaultValue}</code>
          </p>
        ) : null}
        {values && values.enumValues.length > 0 ? (
          <p className="contract-fact">
            One of <CodeList values={values.enumValues} more={values.enumMore} />
          </p>
        ) : null}
        {constraints.length > 0 ? <p className="contract-fact">{constraints.join(' · ')}</p> : null}
      </td>
    </tr>
  );
}

function TypeLabel({ schema }: { schema: SchemaModel }): ReactNode {
  if (schema.kind === 'link') return <a href={schema.href}>{schema.name}</a>;
  const items = schema.items;
  const base = items ? (
    <>
      array of <TypeLabel schema={items} />
    </>
  ) : schema.type ? (
    <code>{schema.type}</code>
  ) : schema.compositions.length > 0 ? (
    schema.compositions
      .map((c) =>
        c.variants
          .map((v) => (v.schema.kind === 'link' ? v.schema.name : v.schema.type || 'object'))
          .join(c.keyword === 'allOf' ? ' & ' : ' | '),
      )
      .join(', ')
  ) : (
    'any'
  );
  return (
    <>
      {base}
      {schema.nullable ? ' or null' : null}
    </>
  );
}

/** The node holding the field's own enum, or that of the enumeration it refers to (directly or as array items). */
function enumOf(schema: SchemaModel, api: ServiceCatalog): SchemaNodeModel | undefined {
  const target = schema.kind === 'node' && schema.items && schema.enumValues.length === 0 ? schema.items : schema;
  if (target.kind === 'node') return target;
  return api.schemas.get(target.name)?.schema;
}
