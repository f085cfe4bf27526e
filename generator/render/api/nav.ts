import type { ApiNavModel, ApiReferenceModel, OperationModel } from '../../../templates/api/model.js';
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

/** The overview's roles table: each role with the operations that require it. */
export function rolesIndex(layout: VersionLayout, sections: readonly PlacedSection[]): ApiReferenceModel['roles'] {
  const byRole = new Map<string, Array<{ label: string; href: string }>>();
  for (const { group, section } of sections) {
    for (const op of section.operations) {
      for (const role of op.roles) {
        const list = byRole.get(role) ?? [];
        list.push({ label: endpointLabel(op), href: `${layout.pageOf(group)}#${op.id}` });
        byRole.set(role, list);
      }
    }
  }
  return [...byRole.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([role, operations]) => ({ role, operations }));
}
