import type { ReactElement } from 'react';
import { ApiPath } from '../../api/ApiPath.js';
import { CodeList } from '../../api/CodeList.js';
import { MethodBadge } from '../../api/MethodBadge.js';
import { useService } from './context.js';

/**
 * `<Operation service="rag" id="generateAnswer" />`: a card for one call, linking to its reference.
 * Written inside a sentence (`inline`, set by the content stage) it is just the method and path as a link.
 */
export function Operation({
  service,
  id,
  inline = false,
}: {
  service: string;
  id: string;
  inline?: boolean;
}): ReactElement {
  const api = useService('Operation', service);
  const op = api.operations.get(id);
  if (!op) throw new Error(`<Operation id="${id}">: the ${service} contract has no such operation`);
  const path = op.path.map((p) => p.text).join('');
  if (inline) {
    return (
      <a className="contract-operation-inline" href={op.href} title={`${op.summary || id} (${api.title} reference)`}>
        <MethodBadge method={op.method} small /> <code>{path}</code>
      </a>
    );
  }
  return (
    <div className="contract-block contract-operation">
      <a
        className="contract-operation-link"
        href={op.href}
        aria-label={`${op.method.toUpperCase()} ${path}: ${op.summary || id} (${api.title} reference)`}
      >
        <MethodBadge method={op.method} /> <ApiPath path={op.path} />
      </a>
      <p className="contract-operation-summary">
        {op.summary ? op.heading : id}
        {op.deprecated ? (
          <>
            {' '}
            <span className="badge badge-deprecated">deprecated</span>
          </>
        ) : null}
        <span className="contract-source"> · {api.title}</span>
      </p>
      {op.roles.length > 0 ? (
        // Left as written: the formatter would merge "Roles:" and the space into one run of text, and
        // React would then write the page without the comment it writes between the two.
        // prettier-ignore
        <p className="contract-operation-roles">
          Roles:{' '}
          <CodeList values={op.roles} />
        </p>
      ) : null}
    </div>
  );
}
