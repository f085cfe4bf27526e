import type { ReactElement } from 'react';
import type { ParameterModel } from './model.js';
import { CodeList } from './CodeList.js';
import { inlineExample, shownDefault } from './inline-values.js';
import { DefaultValue } from './SchemaValues.js';
import { SchemaTree } from './SchemaTree.js';
import { expandable, type TreeBudget } from './schema-tree-plan.js';

/** Where a parameter goes, as the heading of its group, in the order a request is written. */
const PLACES: ReadonlyArray<readonly [string, string]> = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
  ['cookie', 'Cookies'],
];

/**
 * The parameters as stacked lists grouped by where they go, as Stripe and Scalar draw them: a line
 * of name, type, required, default and constraints; the description, values and a short example
 * below on the pane's whole width; a schema with properties or variants as its tree. A list fits
 * any pane, where a table of eight columns was cut or scrolled.
 */
export function Parameters({
  parameters,
  budget,
}: {
  parameters: ParameterModel[];
  budget: TreeBudget;
}): ReactElement | null {
  if (parameters.length === 0) return null;
  const known = new Set(PLACES.map(([place]) => place));
  // A contract may put a parameter somewhere OpenAPI does not know: it is listed under its own word.
  const others = [...new Set(parameters.map((p) => p.in).filter((place) => !known.has(place)))];
  const groups = [...PLACES, ...others.map((place) => [place, `Parameters in ${place}`] as const)]
    .map(([place, heading]) => ({ heading, list: parameters.filter((p) => p.in === place) }))
    .filter((group) => group.list.length > 0);
  return (
    <div className="api-block api-parameters">
      {groups.map((group) => (
        <section key={group.heading} className="api-parameter-group">
          <h4>{group.heading}</h4>
          <ul className="api-parameter-list">
            {group.list.map((p) => (
              <Parameter key={p.name} parameter={p} budget={budget} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Parameter({ parameter: p, budget }: { parameter: ParameterModel; budget: TreeBudget }): ReactElement {
  const example = inlineExample(p.example);
  return (
    <li className="api-parameter">
      <div className="api-parameter-head">
        <code className="api-parameter-name">{p.name}</code>
        <span className="api-parameter-type">
          {p.typeHref ? <a href={p.typeHref}>{p.type}</a> : <code>{p.type}</code>}
        </span>
        {p.required ? <span className="required">required</span> : null}
        {p.deprecated ? <span className="badge badge-deprecated">deprecated</span> : null}
        <DefaultValue value={shownDefault(p)} as="span" />
        {p.constraints.map((c) => (
          <span key={c} className="schema-constraint">
            {c}
          </span>
        ))}
      </div>
      {p.description ? <div className="api-parameter-description">{p.description}</div> : null}
      {p.enumValues.length > 0 ? (
        <p className="schema-enum">
          Values: <CodeList values={p.enumValues} separator=" " more={p.enumMore} />
        </p>
      ) : null}
      {example !== undefined ? (
        <p className="schema-value">
          Example <code>{example}</code>
        </p>
      ) : null}
      {p.schema && expandable(p.schema) ? (
        <div className="api-parameter-schema">
          <SchemaTree schema={p.schema} budget={budget} />
        </div>
      ) : null}
    </li>
  );
}
