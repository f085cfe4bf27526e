import type { OperationCardModel, ServiceCatalog } from '../../../templates/mdx/contract-model.js';
import { operationKey } from '../../contracts/walk.js';
import type { VersionAnchors } from './changelog.js';
import type { PlacedSection, VersionLayout } from './layout.js';
import type { TagGroup } from './operations.js';
import { asString } from './resolver.js';
import type { SchemaSections } from './schema-sections.js';

/** The newest version's operations and component schemas, for the contract components of MDX pages. */
export function serviceCatalog(
  title: string,
  layout: VersionLayout,
  sections: readonly PlacedSection[],
  schemas: SchemaSections['catalog'],
): ServiceCatalog {
  const operations = new Map<string, OperationCardModel>();
  for (const { group, section } of sections) {
    for (const [i, source] of group.operations.entries()) {
      const operationId = asString(source.operation.operationId);
      const op = section.operations[i];
      if (source.kind === 'operation' && operationId && op)
        operations.set(operationId, {
          href: `${layout.pageOf(group)}#${op.id}`,
          method: op.method,
          path: op.path,
          summary: op.summary,
          heading: op.heading,
          deprecated: op.deprecated,
          roles: op.roles,
        });
    }
  }
  return { title, href: layout.href(layout.route), schemas, operations };
}

/** Where each operation and named schema is rendered, for the changelog's links. */
export function changelogAnchors(
  groups: readonly TagGroup[],
  layout: VersionLayout,
  schemas: SchemaSections['catalog'],
): Pick<VersionAnchors, 'operations' | 'schemas'> {
  return {
    operations: new Map(
      groups.flatMap((group) =>
        group.operations
          .filter((op) => op.kind === 'operation')
          .map((op) => [operationKey(op.method, op.path), `${layout.pageOf(group)}#${op.id}`] as const),
      ),
    ),
    schemas: new Map([...schemas].map(([name, entry]) => [name, entry.href])),
  };
}
