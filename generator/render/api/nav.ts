import type { ApiNavModel, OperationModel, RoleModel } from '../../../templates/api/model.js';
import type { PlacedSection, VersionLayout } from './layout.js';

/**
 * A one-page reference with at most this many operations lists them all open; a longer one opens
 * only the tag being read (the client's doing), so the sidebar stays a list of tags to scan.
 */
const OPEN_ALL_UP_TO = 30;

/** The reference's side navigation, as seen from the page at `current` (none: the split overview). */
export function apiNav(
  layout: VersionLayout,
  sections: readonly PlacedSection[],
  modelRoutes: readonly string[],
): (current: string | undefined) => ApiNavModel {
  const { href, pageOf, split } = layout;
  const short = sections.reduce((sum, { section }) => sum + section.operations.length, 0) <= OPEN_ALL_UP_TO;
  return (current) => ({
    overviewHref: href(layout.route),
    groups: sections.map(({ group, section }) => {
      const own = split && layout.tagRoute(group) === current;
      return {
        name: section.name,
        href: `${pageOf(group)}#${section.anchor}`,
        // A split API lists a tag's operations only on that tag's page, so the pages stay linear in size.
        operations: !split || own ? section.operations.map((op) => navEntry(op, `${pageOf(group)}#${op.id}`)) : [],
        open: split ? own : short,
      };
    }),
    modelsHref: modelRoutes[0] === undefined ? undefined : `${href(modelRoutes[0])}#models`,
    modelsCurrent: split && modelRoutes[0] === current,
  });
}

function navEntry(op: OperationModel, href: string): ApiNavModel['groups'][number]['operations'][number] {
  return {
    id: op.id,
    href,
    method: op.method,
    label: op.summary || op.path.map((p) => p.text).join(''),
    deprecated: op.deprecated,
  };
}

export function endpointLabel(op: OperationModel): string {
  return `${op.method.toUpperCase()} ${op.path.map((p) => p.text).join('')}`;
}

/** The overview's roles: each role with the operations that require it, tag by tag, in the reference's order. */
export function rolesIndex(layout: VersionLayout, sections: readonly PlacedSection[]): RoleModel[] {
  const byRole = new Map<string, RoleModel>();
  for (const { group, section } of sections) {
    const page = layout.pageOf(group);
    for (const op of section.operations) {
      for (const role of op.roles) {
        const entry = byRole.get(role) ?? { role, count: 0, tags: [] };
        // A tag divided over pages is one row, linked to its first part.
        let tag = entry.tags.find((t) => t.name === group.name);
        if (!tag) {
          tag = { name: group.name, href: `${page}#${section.anchor}`, operations: [] };
          entry.tags.push(tag);
        }
        const label = op.summary ? `${op.summary}: ${endpointLabel(op)}` : endpointLabel(op);
        tag.operations.push({ id: op.id, method: op.method, label, href: `${page}#${op.id}` });
        entry.count += 1;
        byRole.set(role, entry);
      }
    }
  }
  return [...byRole.values()].sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
}
