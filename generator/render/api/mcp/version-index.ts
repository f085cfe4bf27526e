import type { PlacedSection, VersionLayout } from '../layout.js';
import { asRecord, asString, type RefResolver } from '../resolver.js';
import type { SchemaSections } from '../schema-sections.js';
import { PUBLISHED_FORMAT, referenceIndexPath, type ModelEntry, type VersionIndex } from './published.js';
import { historyEntry, operationEntry } from './operation-entry.js';

export interface VersionIndexInput {
  sections: readonly PlacedSection[];
  schemas: SchemaSections;
  layout: VersionLayout;
  resolver: RefResolver;
  /** The published JSON Schema of each component, by name (path under the output folder). */
  schemaFiles: ReadonlyMap<string, string>;
}

/** The version's index as the file `specsite mcp` reads (path under the output folder, text). */
export function versionIndexFile(route: string, input: VersionIndexInput): [string, string] {
  return [referenceIndexPath(route), `${JSON.stringify(versionIndex(input))}\n`];
}

/**
 * What `specsite mcp` knows of one version: its operations (webhooks and callbacks are not called
 * by an integrator, so they are left out) and its component schemas, from the models its pages
 * were rendered from, so that the answers hold what the pages show.
 */
export function versionIndex(input: VersionIndexInput): VersionIndex {
  const { sections, schemas, layout, resolver } = input;
  const operations = sections.flatMap(({ group, section }) =>
    group.operations.flatMap((source, i) => {
      const model = section.operations[i];
      if (source.kind !== 'operation' || !model) return [];
      return [operationEntry(source, model, `${layout.pageOf(group)}#${model.id}`, resolver)];
    }),
  );
  const components = asRecord(asRecord(resolver.document.components).schemas);
  const sectionsByName = new Map(schemas.all.map((s) => [s.name, s]));
  const models = [...schemas.catalog].map(([name, { href, schema }]): ModelEntry => {
    const description = asString(asRecord(components[name]).description);
    return {
      name,
      href,
      description: description === '' ? undefined : description,
      deprecated: schema.deprecated,
      schemaFile: input.schemaFiles.get(name),
      history: historyEntry(sectionsByName.get(name)?.history),
    };
  });
  return { format: PUBLISHED_FORMAT, operations, models };
}
