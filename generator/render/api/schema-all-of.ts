import { isRecord } from '../../sources/pointer.js';
import type { PropertyModel, SchemaNodeModel } from '../../../templates/api/model.js';
import { strings } from './resolver.js';
import type { SchemaRegistry } from './schema-registry.js';

/**
 * Every name an object requires, its `allOf` parts' included (refs followed, each schema once): a part
 * may require a property another part defines, and the merged list marks it required wherever it is.
 */
export function requiredNames(schema: Record<string, unknown>, registry: SchemaRegistry): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown, hops: number): void => {
    if (isRecord(node) && typeof node.$ref === 'string' && hops < 8)
      return visit(registry.forRef(node.$ref)?.schema, hops + 1);
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    for (const name of strings(node.required)) names.add(name);
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(part, 0);
  };
  visit(schema, 0);
  return names;
}

/**
 * A part's tree as the object that includes it takes it: its rows (named for the part they came from,
 * unless a part inside it named them already) and its facts, without what only describes the part
 * itself (its description, title, example, discriminator, and the weight of those words).
 */
export function asPart(part: SchemaNodeModel, from: PropertyModel['from']): SchemaNodeModel {
  const named = (rows: PropertyModel[]): PropertyModel[] =>
    from ? rows.map((row) => (row.from ? row : { ...row, from })) : rows;
  return {
    ...part,
    description: null,
    title: undefined,
    example: undefined,
    discriminator: undefined,
    properties: named(part.properties),
    weight: { bytes: 0, elements: 0 },
  };
}
