import type { ReactElement } from 'react';
import type { ParameterModel } from './model.js';
import { TableHead } from '../TableHead.js';
import { CodeList } from './CodeList.js';

export function Parameters({ parameters }: { parameters: ParameterModel[] }): ReactElement | null {
  if (parameters.length === 0) return null;
  return (
    <div className="api-block">
      <h4>Parameters</h4>
      <div className="table-scroll">
        <table className="api-parameters">
          <TableHead columns={['Name', 'In', 'Type', 'Required', 'Default', 'Constraints', 'Values', 'Example']} />
          <tbody>
            {parameters.map((p) => (
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
                  <CodeList values={p.enumValues} separator=" " />
                </td>
                <td>{p.example !== undefined ? <code>{p.example}</code> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
