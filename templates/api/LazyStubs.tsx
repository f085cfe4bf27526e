import type { ReactElement } from 'react';
import { ApiPath } from './ApiPath.js';
import { MethodBadge } from './MethodBadge.js';
import type { OperationModel, SchemaSectionModel } from './model.js';

/**
 * A section below the fold of a heavy reference page, until its body is fetched: what the reader
 * scans for (heading, method, path) and a link to its fragment, a page of its own. The client swaps
 * in the fragment's section (same id, same classes) as the reader nears it; `data-api-part` names it.
 */
export function OperationStub({ op, href }: { op: OperationModel; href: string }): ReactElement {
  return (
    <section className={`api-operation api-kind-${op.kind} api-stub`} id={op.id} data-api-part={href}>
      <div className="api-operation-text">
        <h3 className="api-operation-title">
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
        </h3>
        <p className="api-endpoint">
          <MethodBadge method={op.method} /> <ApiPath path={op.path} />
        </p>
        <p className="api-stub-more">
          <a href={href}>Parameters, responses and code samples</a>
        </p>
      </div>
    </section>
  );
}

export function ModelStub({ model, href }: { model: SchemaSectionModel; href: string }): ReactElement {
  return (
    <section id={model.anchor} className="api-model api-stub" data-api-part={href} data-model-name={model.name}>
      <h3>
        <a className="hash-link" href={`#${model.anchor}`} aria-label={`Link to ${model.name}`}>
          #
        </a>
        {model.name}
      </h3>
      {model.summary ? <p className="api-model-summary">{model.summary}</p> : null}
      <p className="api-stub-more">
        <a href={href}>Every property of {model.name}</a>
      </p>
    </section>
  );
}
