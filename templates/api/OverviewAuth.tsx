import type { ReactElement } from 'react';
import type { SecuritySchemeModel } from './model.js';
import { TableHead } from '../TableHead.js';

/** How to authenticate, scheme by scheme, in words. A contract's URLs are text: they are often placeholders. */
export function OverviewAuth({ schemes }: { schemes: readonly SecuritySchemeModel[] }): ReactElement | null {
  if (schemes.length === 0) return null;
  return (
    <section id="api-authentication">
      <h2>Authentication</h2>
      {schemes.map((scheme) => (
        <div key={scheme.name} className="api-security-scheme">
          <h3>{scheme.title}</h3>
          {scheme.send.length > 0 ? (
            <p className="api-auth-send">
              {scheme.send.map((part, i) => ('code' in part ? <code key={i}>{part.code}</code> : part.text))}
            </p>
          ) : null}
          {scheme.description}
          {scheme.details.length > 0 ? (
            <dl className="api-details">
              {scheme.details.map((d) => (
                <div key={d.label}>
                  <dt>{d.label}</dt>
                  <dd>
                    <code>{d.value}</code>
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          {scheme.flows.map((flow) => (
            <div key={flow.flow} className="api-oauth-flow">
              <h4>{flow.flow} flow</h4>
              <dl className="api-details">
                {flow.urls.map((u) => (
                  <div key={u.label}>
                    <dt>{u.label}</dt>
                    <dd>
                      <code>{u.value}</code>
                    </dd>
                  </div>
                ))}
              </dl>
              {flow.scopes.length > 0 ? (
                <table>
                  <TableHead columns={['Scope', 'Description']} />
                  <tbody>
                    {flow.scopes.map((s) => (
                      <tr key={s.name}>
                        <td>
                          <code>{s.name}</code>
                        </td>
                        <td>{s.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
