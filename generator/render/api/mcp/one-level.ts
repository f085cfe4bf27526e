import { isRecord } from '../../../sources/pointer.js';
import type { RefResolver } from '../resolver.js';

const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

/**
 * A node with its own `$ref` (a chain of them) replaced by the object it names, the `$ref`s inside
 * left as they are: an answer that shows a body's fields without copying every schema they lead to.
 * 3.1 lets a `$ref` carry siblings (a description); they are kept over the target's.
 */
export function oneLevel(node: unknown, resolver: RefResolver): unknown {
  if (!isRecord(node) || typeof node.$ref !== 'string') return node;
  const target = resolver.follow(node)?.value;
  if (!target) return node;
  const { $ref: _ref, ...siblings } = node;
  return { ...target, ...siblings };
}

/** The component schema a `$ref` node names directly (`#/components/schemas/Item` → `Item`). */
export function componentName(node: unknown): string | undefined {
  if (!isRecord(node) || typeof node.$ref !== 'string') return undefined;
  const name = COMPONENT_SCHEMA.exec(node.$ref)?.[1];
  return name === undefined ? undefined : name.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A parameter or header object, its `$ref` followed, its schema resolved one level and named when it is a component. */
export function withSchemaOneLevel(node: unknown, resolver: RefResolver): Record<string, unknown> {
  const object = resolver.follow(node)?.value ?? {};
  if (object.schema === undefined) return { ...object };
  const name = componentName(object.schema);
  return { ...object, schema: oneLevel(object.schema, resolver), ...(name ? { schemaName: name } : {}) };
}
