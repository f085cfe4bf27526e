import type { ReactElement } from 'react';
import type { ParameterModel } from './model.js';
import { TableHead } from '../TableHead.js';
import { CodeList } from './CodeList.js';
import { SchemaTree } from './SchemaTree.js';
import { expandable, type TreeBudget } from './schema-tree-plan.js';

const COLUMNS = ['Name', 'In', 'Type', 'Required', 'Default', 'Constraints', 'Values', 'Example'];

/** The parameters table; a parameter whose schema has properties or variants shows its tree on a row below. */
export function Parameters({
  parameters,
  budget,
}: {
  parameters: ParameterModel[];
  budget: TreeBudget;
}): ReactElement | null {
  if (parameters.length === 0) return null;
  return (
    <div className="api-block">
      <h4>Parameters</h4>
      {/* A table wider than the column scrolls: the region takes focus so a keyboard can scroll it too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Parameters">
        <table className="api-parameters">
          <TableHead columns={COLUMNS} />
          <tbody>
            {parameters.map((p) => [
              <tr key={`${p.in}:${p.name}`}>
                <td>
                  <code>{p.name}</code>
                  {p.deprecated ? <span className="badge badge-deprecated">deprecated</span> : null}
                  {p.description}
                </td>
                <td>{p.in}</td>
                <td>{p.typeHref ? <a href={p.typeHref}>{p.type}</a> : <code>{p.type}</code>}</td>
                <td>{p.required ? 'yes' : 'no'}</td>
                <td>{p.defaultValue !== undefined ? <code>{p.defaultValue}</code> : null}</td>
                <td>{p.constraints.join(', ')}</td>
                <td>
                  <CodeList values={p.enumValues} separator=" " more={p.enumMore} />
                </td>
                <td>{p.example !== undefined ? <code>{p.example}</code> : null}</td>
              </tr>,
              p.schema && expandable(p.schema) ? (
                <tr key={`${p.in}:${p.name}:schema`} className="api-parameter-schema">
                  <td colSpan={COLUMNS.length}>
                    <SchemaTree schema={p.schema} budget={budget} />
                  </td>
                </tr>
              ) : null,
            ])}
          </tbody>
        </table>
      </div>
    </div>
  );
}
