import type { ReactElement } from 'react';
import { MethodBadge } from './MethodBadge.js';
import type { RoleModel } from './model.js';
import { TableHead } from '../TableHead.js';

/**
 * Who may call what, compactly: a row per role and tag, each operation a method badge linked to it
 * (its summary and path are the link's name and tooltip), so a role granting a hundred operations
 * takes a few lines, not a hundred.
 */
export function RolesTable({ roles }: { roles: readonly RoleModel[] }): ReactElement | null {
  if (roles.length === 0) return null;
  return (
    <section id="api-roles">
      <h2>Roles</h2>
      <p>The operations each role may call, by tag.</p>
      <div className="table-scroll">
        <table className="api-roles">
          <TableHead columns={['Role', 'Tag', 'Operations']} />
          {roles.map((r) => (
            <tbody key={r.role}>
              {r.tags.map((tag, index) => (
                <tr key={tag.href}>
                  {index === 0 ? (
                    <th scope="rowgroup" rowSpan={r.tags.length}>
                      <code>{r.role}</code> <span className="api-role-count">{countText(r.count, 'operation')}</span>
                    </th>
                  ) : null}
                  <td>
                    <a href={tag.href}>{tag.name}</a> <span className="api-role-count">{tag.operations.length}</span>
                  </td>
                  <td>
                    <ul className="api-role-operations">
                      {tag.operations.map((op) => (
                        <li key={op.id}>
                          <a href={op.href} title={op.label} aria-label={op.label}>
                            <MethodBadge method={op.method} small />
                          </a>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

function countText(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
