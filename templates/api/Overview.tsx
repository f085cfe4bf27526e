import type { ReactElement } from 'react';
import type { ApiReferenceModel } from './model.js';
import { MovedAnchors } from './MovedAnchors.js';
import { moreValuesText } from './more-values.js';
import { TableHead } from '../TableHead.js';

/** What applies to the whole API: its description, servers, authentication and who may call what. */
export function Overview({ api }: { api: ApiReferenceModel }): ReactElement {
  return (
    <section className="api-overview" id="api-overview" aria-label="Overview">
      <div className="markdown api-description">{api.description}</div>
      {api.servers.length > 0 ? (
        <section id="api-servers">
          <h2>Servers</h2>
          <ul className="api-servers">
            {api.servers.map((server) => (
              <li key={server.url}>
                <code>{server.url}</code>
                {server.description}
                {server.variables.length > 0 ? (
                  <ul>
                    {server.variables.map((v) => (
                      <li key={v.name}>
                        <code>{`{${v.name}}`}</code> default <code>{v.defaultValue}</code>
                        {v.enumValues.length > 0 ? (
                          <>
                            (one of {v.enumValues.join(', ')}
                            {v.enumMore > 0 ? ` ${moreValuesText(v.enumMore)}` : null})
                          </>
                        ) : null}{' '}
                        {v.description}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {api.securitySchemes.length > 0 ? (
        <section id="api-authentication">
          <h2>Authentication</h2>
          {api.securitySchemes.map((scheme) => (
            <div key={scheme.name} className="api-security-scheme">
              <h3>
                <code>{scheme.name}</code>: {scheme.label}
              </h3>
              {scheme.description}
              {scheme.details.length > 0 ? (
                <dl className="api-details">
                  {scheme.details.map((d) => (
                    <div key={d.label}>
                      <dt>{d.label}</dt>
                      <dd>{d.href ? <a href={d.href}>{d.value}</a> : <code>{d.value}</code>}</dd>
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
      ) : null}
      {api.roles.length > 0 ? (
        <section id="api-roles">
          <h2>Roles</h2>
          <p>The operations each role may call.</p>
          <table className="api-roles">
            <TableHead columns={['Role', 'Operations']} />
            <tbody>
              {api.roles.map((r) => (
                <tr key={r.role}>
                  <td>
                    <code>{r.role}</code>
                  </td>
                  <td>
                    <ul className="api-role-operations">
                      {r.operations.map((op) => (
                        <li key={op.href}>
                          <a href={op.href}>{op.label}</a>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <MovedAnchors
        moved={api.moved}
        heading="Operations"
        intro="This API is large, so each tag has a page of its own. Every operation is listed here and links to its section."
      />
    </section>
  );
}
