import type { ReactElement } from 'react';
import { ApiPath } from './ApiPath.js';
import { CodeList } from './CodeList.js';
import { HistoryMarks } from './HistoryMarks.js';
import { MediaList } from './MediaList.js';
import { MethodBadge } from './MethodBadge.js';
import type { OperationModel } from './model.js';
import { OperationAside } from './OperationAside.js';
import { Parameters } from './Parameters.js';
import { SchemaTree } from './SchemaTree.js';
import { operationBudget } from './schema-tree-plan.js';
import { TableHead } from '../TableHead.js';

/** One operation (or webhook, or callback): how to call it and what comes back. */
export function Operation({ op }: { op: OperationModel }): ReactElement {
  const Heading = op.kind === 'callback' ? 'h5' : 'h3';
  const anonymous = op.security.some((r) => r.schemes.length === 0);
  return (
    <section className={`api-operation api-kind-${op.kind}`} id={op.id}>
      <div className="api-operation-text">
        <Heading className="api-operation-title">
          <a className="hash-link" href={`#${op.id}`} aria-label={`Link to ${op.summary || op.id}`}>
            #
          </a>
          {op.summary ? op.heading : op.path.map((p) => p.text).join('')}
          {op.deprecated ? (
            <>
              {' '}
              <span className="badge badge-deprecated">deprecated</span>
            </>
          ) : null}
        </Heading>
        {op.replacedBy ? (
          <p className="api-replaced-by">
            Use{' '}
            {op.replacedBy.href ? (
              <a href={op.replacedBy.href}>
                <code>{op.replacedBy.id}</code>
              </a>
            ) : (
              <code>{op.replacedBy.id}</code>
            )}{' '}
            instead.
          </p>
        ) : null}
        <p className="api-endpoint">
          <MethodBadge method={op.method} /> <ApiPath path={op.path} />
          {op.kind === 'webhook' ? (
            <>
              {' '}
              <span className="badge">webhook</span>
            </>
          ) : null}
          <HistoryMarks marks={op.history} />
        </p>
        {op.description ? <div className="markdown">{op.description}</div> : null}
        {op.roles.length > 0 ? (
          <p className="api-roles-line">
            <strong>Roles:</strong> <CodeList values={op.roles} />
            {anonymous ? ' (optional: the call also works without credentials)' : null}
          </p>
        ) : op.security.length > 0 && !anonymous ? (
          <p className="api-roles-line">
            <strong>Authentication:</strong>{' '}
            {op.security.map((r) => r.schemes.map((s) => s.title ?? s.name).join(' + ')).join(' or ')}
          </p>
        ) : null}
        <Parameters parameters={op.parameters} budget={operationBudget(op)} />
        {op.requestBody ? (
          <div className="api-block">
            <h4>Request body{op.requestBody.required ? <span className="required"> required</span> : null}</h4>
            {op.requestBody.description}
            <MediaList contents={op.requestBody.contents} budget={operationBudget(op)} />
          </div>
        ) : null}
        {op.responses.length > 0 ? (
          <div className="api-block">
            <h4>Responses</h4>
            {op.responses.map((response) => (
              <details
                key={response.status}
                className={`api-response status-${response.status.charAt(0)}`}
                open={response.status.startsWith('2')}
              >
                <summary>
                  <span className="api-status">{response.status}</span> {response.description}
                </summary>
                {response.headers.length > 0 ? (
                  <table className="api-headers">
                    <TableHead columns={['Header', 'Type', 'Description']} />
                    <tbody>
                      {response.headers.map((h) => (
                        <tr key={h.name}>
                          <td>
                            <code>{h.name}</code>
                            {h.required ? <span className="required"> required</span> : null}
                          </td>
                          <td>{h.schema ? <SchemaTree schema={h.schema} budget={operationBudget(op)} /> : null}</td>
                          <td>{h.description}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                <MediaList contents={response.contents} budget={operationBudget(op)} />
                {response.links.length > 0 ? (
                  <p>
                    Links:{' '}
                    {response.links.map((l, i) => (
                      <span key={l.name}>
                        {i > 0 ? ', ' : ''}
                        {l.href ? <a href={l.href}>{l.name}</a> : <code>{l.name}</code>}
                      </span>
                    ))}
                  </p>
                ) : null}
              </details>
            ))}
          </div>
        ) : null}
        {op.callbacks.map((callback) => (
          <div key={callback.name} className="api-block api-callbacks">
            <h4>Callback {callback.name}</h4>
            {callback.operations.map((c) => (
              <Operation key={c.id} op={c} />
            ))}
          </div>
        ))}
      </div>
      <OperationAside op={op} />
    </section>
  );
}
