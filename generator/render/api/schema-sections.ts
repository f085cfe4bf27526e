import type { SchemaSectionModel } from '../../../templates/api/model.js';
import { firstSentence } from './descriptions.js';
import type { OperationContext } from './operation-model.js';
import { namedSchemaModel } from './schema-model.js';
import type { NamedSchema, SchemaRegistry } from './schema-registry.js';

/** The named schemas of one version, as rendered. */
export interface SchemaSections {
  /** All of them, in the order the registry found them. */
  all: SchemaSectionModel[];
  /** The route of the page that holds them (none when there are none). */
  routes: string[];
  /** The components by name, with their links. */
  catalog: Map<string, { href: string; schema: SchemaSectionModel['schema'] }>;
}

/**
 * Named schemas are built after the operations: operations and schemas may discover more ref targets
 * on the way, so `registry.others` grows while this loop runs.
 */
export function schemaSections(registry: SchemaRegistry, context: OperationContext): SchemaSections {
  const all: SchemaSectionModel[] = [];
  const routes = new Set<string>();
  const catalog: SchemaSections['catalog'] = new Map();
  const add = (named: NamedSchema, component: boolean): void => {
    const description = typeof named.schema === 'object' ? named.schema.description : undefined;
    // Only the first paragraph is read: the one line is all the index shows.
    const summary = firstSentence(
      context.text.plain(typeof description === 'string' ? description.split(/\n\s*\n/)[0] : undefined),
    );
    const section: SchemaSectionModel = {
      name: named.name,
      anchor: named.anchor,
      schema: namedSchemaModel(named, context),
      ...(summary ? { summary } : {}),
    };
    if (component) catalog.set(named.name, { href: registry.href(named), schema: section.schema });
    all.push(section);
    routes.add(named.page);
  };
  for (const named of registry.components) add(named, true);
  for (let i = 0; i < registry.others.length; i++) add(registry.others[i] as NamedSchema, false);
  return { all, routes: [...routes], catalog };
}
