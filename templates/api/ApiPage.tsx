import type { ReactElement } from 'react';
import { MAIN_ID } from '../Layout.js';
import type { ApiPageModel } from '../model.js';

/** The overview of one API version: its operations by tag, each at an anchor named by its operationId. */
export function ApiPage({ api }: { api: ApiPageModel }): ReactElement {
  return (
    <main id={MAIN_ID} className="api-main">
      <div className="container markdown">
        <h1>{api.title}</h1>
        <p className="api-version">
          Version <code>{api.version}</code>
        </p>
        {api.versions.length > 1 ? (
          <nav aria-label="Versions" className="api-versions">
            <ul>
              {api.versions.map((v) => (
                <li key={v.version}>
                  <a href={v.href} {...(v.current ? { 'aria-current': 'page' as const } : {})}>
                    {v.version}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="api-description">{api.description}</div>
        {api.groups.map((group) => (
          <section key={group.tag} className="api-tag">
            <h2 id={group.anchor}>{group.tag}</h2>
            {group.description}
            <ul className="api-operations">
              {group.operations.map((op) => (
                <li key={op.id} id={op.id} className="api-operation">
                  <span className={`method-badge method-${op.method}`}>{op.method.toUpperCase()}</span> <code className="api-path">{op.path}</code> {op.summary}
                  {op.deprecated ? <span className="badge badge-deprecated">deprecated</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
        {api.schemas.length > 0 ? (
          <section className="api-models">
            <h2 id="models">Models</h2>
            <ul>
              {api.schemas.map((name) => (
                <li key={name} id={`schema-${name}`}>
                  <code>{name}</code>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
