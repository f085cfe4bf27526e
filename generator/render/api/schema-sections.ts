import type { SchemaSectionModel } from '../../../templates/api/model.js';
import { compareRoutes } from './layout.js';
import type { OperationContext } from './operation-model.js';
import { namedSchemaModel } from './schema-model.js';
import type { NamedSchema, SchemaRegistry } from './schema-registry.js';

/** The named schemas of one version, as rendered. */
export interface SchemaSections {
  /** All of them, in the order the registry found them. */
  all: SchemaSectionModel[];
  /** Route → the schemas on that page (one page, or the models pages of a split version). */
  byPage: Map<string, SchemaSectionModel[]>;
  /** The routes of `byPage` in reading order. */
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
  const byPage = new Map<string, SchemaSectionModel[]>();
  const catalog: SchemaSections['catalog'] = new Map();
  const add = (named: NamedSchema, component: boolean): void => {
    const section = { name: named.name, anchor: named.anchor, schema: namedSchemaModel(named, context) };
    if (component) catalog.set(named.name, { href: registry.href(named), schema: section.schema });
    all.push(section);
    const list = byPage.get(named.page) ?? [];
    list.push(section);
    byPage.set(named.page, list);
  };
  for (const named of registry.components) add(named, true);
  for (let i = 0; i < registry.others.length; i++) add(registry.others[i] as NamedSchema, false);
  return { all, byPage, routes: [...byPage.keys()].sort(compareRoutes), catalog };
}
