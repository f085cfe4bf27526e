import type { HistoryMarkModel } from '../../../templates/api/model.js';
import { operationKey } from '../../contracts/walk.js';
import type { Lifetime, VersionLifetimes } from '../../diff/lifetimes.js';
import type { PlacedSection } from './layout.js';
import type { SchemaSections } from './schema-sections.js';

/**
 * Marks each operation and component schema of one version with its history (see `versionHistory`),
 * each fact linked to its version's entry on the changelog page. Webhooks, callbacks and schemas
 * kept in other files are not compared between versions, so they get none.
 */
export function addHistoryMarks(
  sections: readonly PlacedSection[],
  schemas: SchemaSections,
  lifetimes: VersionLifetimes,
  changelogHref: string,
): void {
  for (const { group, section } of sections) {
    group.operations.forEach((source, i) => {
      const op = section.operations[i];
      const lifetime = lifetimes.operations.get(operationKey(source.method, source.path));
      if (source.kind === 'operation' && op && lifetime) op.history = historyMarks(lifetime, changelogHref);
    });
  }
  for (const model of schemas.all) {
    const lifetime = schemas.catalog.has(model.name) ? lifetimes.schemas.get(model.name) : undefined;
    if (lifetime) model.history = historyMarks(lifetime, changelogHref);
  }
}

function historyMarks(lifetime: Lifetime, changelogHref: string): HistoryMarkModel[] {
  const marks: HistoryMarkModel[] = [];
  const add = (kind: HistoryMarkModel['kind'], mark: Lifetime['introduced'] | undefined): void => {
    if (mark) marks.push({ kind, version: mark.version, href: `${changelogHref}#${mark.changelogAnchor}` });
  };
  add('since', lifetime.introduced);
  add('deprecated', lifetime.deprecatedIn);
  add('removed', lifetime.removedIn);
  return marks;
}
