import type { ReactElement } from 'react';
import type { ServerModel } from './model.js';
import { moreValuesText } from './more-values.js';

/**
 * Where the API answers. A relative URL names no host: the API is on the host that serves the
 * platform, which only the reader knows, so it is said in words rather than made up.
 */
export function OverviewServers({ servers }: { servers: readonly ServerModel[] }): ReactElement | null {
  if (servers.length === 0) return null;
  return (
    <section id="api-servers">
      <h2>Servers</h2>
      <div className="api-servers">
        {servers.map((server, index) => (
          <div key={`${index}:${server.url}`} className="api-server">
            {server.relative ? (
              <RelativeServer url={server.url} />
            ) : (
              <code className="api-server-url">{server.url}</code>
            )}
            {server.description ? <div className="api-server-description">{server.description}</div> : null}
            {server.variables.length > 0 ? <Variables variables={server.variables} /> : null}
          </div>
        ))}
      </div>
    </section>
  );
}

function RelativeServer({ url }: { url: string }): ReactElement {
  const path = url.replace(/\/+$/, '');
  return (
    <p className="api-server-relative">
      On the same host as the platform
      {path === '' ? (
        <>: every path below is relative to that host.</>
      ) : (
        <>
          , at path <code>{path}</code>: every path below is relative to it.
        </>
      )}
    </p>
  );
}

function Variables({ variables }: { variables: ServerModel['variables'] }): ReactElement {
  return (
    <dl className="api-details">
      {variables.map((v) => (
        <div key={v.name}>
          <dt>
            <code>{`{${v.name}}`}</code>
          </dt>
          <dd>
            default <code>{v.defaultValue}</code>
            {v.enumValues.length > 0 ? (
              <>
                {' '}
                (one of {v.enumValues.join(', ')}
                {v.enumMore > 0 ? ` ${moreValuesText(v.enumMore)}` : null})
              </>
            ) : null}
            {v.description ? ` · ${v.description}` : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
