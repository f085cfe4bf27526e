import { isRecord } from '../../sources/pointer.js';
import type {
  CompositionModel,
  DiscriminatorModel,
  PropertyModel,
  SchemaLinkModel,
  SchemaModel,
  SchemaNodeModel,
} from '../../../templates/api/model.js';
import type { Descriptions } from './descriptions.js';
import { asString, strings } from './resolver.js';
import type { NamedSchema, SchemaRegistry } from './schema-registry.js';
import { enumPreview, jsonPreview } from './values.js';
import { statesDefault } from './default-stated.js';
import { asPart, requiredNames } from './schema-all-of.js';
import { annotatesOnly, combineNodes, emptyNode } from './schema-merge.js';

/** Inline nesting shown before a branch is cut; named schemas start their own tree, so this only bites on deep inline schemas. */
export const MAX_DEPTH = 12;
/** Rows of one object shown before the rest are summarised. */
export const MAX_PROPERTIES = 400;
/** Nodes of one tree; with the limits above it bounds a page's size whatever the document. */
export const MAX_NODES = 4000;

export interface SchemaContext {
  registry: SchemaRegistry;
  text: Descriptions;
}

interface Walk {
  context: SchemaContext;
  /** The named schema whose section is being built: a ref back to it is a cycle. */
  root: NamedSchema | undefined;
  nodes: number;
}

/** The tree of one schema: an operation's body or parameter, or a named schema's own section. */
export function schemaModel(schema: unknown, context: SchemaContext, root?: NamedSchema): SchemaModel {
  return build(schema, { context, root, nodes: 0 }, 0);
}

/** Each named schema's tree, built once: its section and every use shown in place share it. */
const namedModels = new WeakMap<NamedSchema, SchemaNodeModel>();

/** A named schema's section always shows its content, even though refs to it elsewhere are links. */
export function namedSchemaModel(named: NamedSchema, context: SchemaContext): SchemaNodeModel {
  let model = namedModels.get(named);
  if (!model) {
    building.add(named.name);
    try {
      model = buildNamed(named, context);
    } finally {
      building.delete(named.name);
    }
    namedModels.set(named, model);
  }
  return model;
}

/**
 * Named schemas whose trees are being built (by name; builds are synchronous): an `allOf` part found here
 * leads back into itself, and is kept as a link rather than merged without end.
 */
const building = new Set<string>();

function buildNamed(named: NamedSchema, context: SchemaContext): SchemaNodeModel {
  const model = schemaModel(named.schema, context, named);
  return model.kind === 'node'
    ? model
    : {
        ...emptyNode(),
        description: model.description,
        compositions: [{ keyword: 'allOf', variants: [{ label: model.name, schema: model }] }],
      };
}

function build(schema: unknown, walk: Walk, depth: number): SchemaModel {
  walk.nodes++;
  if (isRecord(schema) && typeof schema.$ref === 'string') return link(schema, walk);
  const node = emptyNode();
  if (schema === false) return { ...node, type: 'never', constraints: ['no value is allowed'] };
  if (!isRecord(schema)) return node;
  describe(node, schema, walk);
  if (depth >= MAX_DEPTH || walk.nodes >= MAX_NODES) {
    if (hasChildren(schema))
      node.truncated =
        depth >= MAX_DEPTH
          ? `nested more than ${MAX_DEPTH} levels deep; the rest is in the OpenAPI download`
          : 'this schema is too large to show in full; the rest is in the OpenAPI download';
    return node;
  }
  const required = new Set(strings(schema.required));
  const properties = isRecord(schema.properties) ? Object.entries(schema.properties) : [];
  for (const [name, value] of properties.slice(0, MAX_PROPERTIES)) {
    if (walk.nodes >= MAX_NODES) break;
    node.properties.push({ name, required: required.has(name), schema: build(value, walk, depth + 1) });
  }
  if (node.properties.length < properties.length)
    node.truncated = `${properties.length - node.properties.length} more properties, listed in the OpenAPI download`;
  node.extraProperties = extraProperties(schema, walk, depth);
  if (schema.items !== undefined && !Array.isArray(schema.items)) node.items = build(schema.items, walk, depth + 1);
  else if (Array.isArray(schema.items) || Array.isArray(schema.prefixItems))
    node.items = tuple((schema.prefixItems ?? schema.items) as unknown[], walk, depth);
  node.compositions = compositions(schema, walk, depth);
  if (schema.not !== undefined) node.not = build(schema.not, walk, depth + 1);
  node.discriminator = discriminator(schema, walk);
  return Array.isArray(schema.allOf) ? mergeAllOf(node, schema, schema.allOf, walk, depth) : node;
}

/**
 * `allOf` merged into one object, as Redoc and Scalar show it: each part's rows and facts combined with
 * the node's own (see `combine` for two definitions of one property), in order. A named part brings its
 * own tree, built once and shared, so its rows say "from <part>"; an inline part is built here. What
 * cannot be merged stays an "All of" variant: a part that leads back to a schema being built (a cycle),
 * an unresolved ref. `oneOf`/`anyOf` of a part stay choosable variants of the merged object.
 */
function mergeAllOf(
  node: SchemaNodeModel,
  schema: Record<string, unknown>,
  parts: unknown[],
  walk: Walk,
  depth: number,
): SchemaModel {
  const only = parts.length === 1 && annotatesOnly(node) ? build(parts[0], walk, depth) : undefined;
  // The 3.0 way to describe a named schema or make it nullable (`allOf: [$ref]` beside `description`):
  // that schema's link, as a plain `$ref` would be, rather than its rows each saying "from" it.
  if (only?.kind === 'link')
    return { ...only, description: node.description ?? only.description, ...(node.nullable ? { nullable: true } : {}) };
  let merged = node;
  const kept: CompositionModel['variants'] = [];
  for (const part of parts.slice(0, MAX_PROPERTIES)) {
    const written =
      isRecord(part) && typeof part.$ref === 'string' ? walk.context.registry.forRef(part.$ref) : undefined;
    if (written && !building.has(written.name) && walk.nodes < MAX_NODES) {
      const from = { name: written.name, href: walk.context.registry.href(written) };
      merged = combineNodes(merged, asPart(namedSchemaModel(written, walk.context), from));
      continue;
    }
    const built = build(part, walk, depth);
    if (built.kind === 'node' && !written) merged = combineNodes(merged, asPart(built, undefined));
    else kept.push(variant(built, kept.length));
  }
  const required = requiredNames(schema, walk.context.registry);
  const properties = merged.properties.map((row) =>
    row.required || !required.has(row.name) ? row : { ...row, required: true },
  );
  const type = merged.type === '' && properties.length > 0 ? 'object' : merged.type;
  // Parts of the parts that could not be merged either stay with these, as one "All of".
  const unmerged = [...merged.compositions.filter((c) => c.keyword === 'allOf').flatMap((c) => c.variants), ...kept];
  const others = merged.compositions.filter((c) => c.keyword !== 'allOf');
  return {
    ...merged,
    type,
    properties,
    compositions: unmerged.length > 0 ? [{ keyword: 'allOf' as const, variants: unmerged }, ...others] : others,
  };
}

function link(schema: Record<string, unknown>, walk: Walk): SchemaModel {
  const ref = schema.$ref as string;
  const named = walk.context.registry.forRef(ref);
  const description = walk.context.text.render(schema.description);
  if (!named) return { ...emptyNode(), description, truncated: `unresolved reference ${ref}` };
  const model: SchemaLinkModel = {
    kind: 'link',
    name: named.name,
    href: walk.context.registry.href(named),
    description,
    cycle: named === walk.root,
  };
  // Lazy: most links are never opened in place, and a schema's tree may lead back to itself.
  const { context } = walk;
  Object.defineProperty(model, 'target', { enumerable: false, get: () => namedSchemaModel(named, context) });
  return model;
}

function describe(node: SchemaNodeModel, schema: Record<string, unknown>, walk: Walk): void {
  const types = Array.isArray(schema.type)
    ? strings(schema.type)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  node.nullable =
    schema.nullable === true ||
    types.includes('null') ||
    (Array.isArray(schema.enum) && schema.enum.includes(null) && types.length > 0);
  const shown = types.filter((t) => t !== 'null');
  const format = asString(schema.format);
  const implied =
    shown.length === 0 && (isRecord(schema.properties) || isRecord(schema.additionalProperties))
      ? ['object']
      : shown.length === 0 && schema.items !== undefined
        ? ['array']
        : shown;
  node.type = implied
    .map((t) => (format && (t === 'string' || t === 'integer' || t === 'number') ? `${t}<${format}>` : t))
    .join(' | ');
  if (node.type === '' && types.includes('null')) node.type = 'null';
  node.title = typeof schema.title === 'string' ? schema.title : undefined;
  node.description = walk.context.text.render(schema.description);
  node.deprecated = schema.deprecated === true;
  node.readOnly = schema.readOnly === true;
  node.writeOnly = schema.writeOnly === true;
  node.constraints = constraints(schema, format && implied.length === 0 ? format : undefined);
  Object.assign(node, enumPreview(schema.enum));
  node.defaultValue = schema.default === undefined ? undefined : jsonPreview(schema.default);
  if (statesDefault(schema.description, schema.default)) node.defaultStated = true;
  node.constValue = schema.const === undefined ? undefined : jsonPreview(schema.const);
  const example =
    schema.example !== undefined ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  node.example = example === undefined ? undefined : jsonPreview(example);
  node.weight = weight(node, schema.description);
}

/** What a node's facts weigh in HTML, from the text it shows; Markdown adds an element per paragraph, list item, code span or link. */
function weight(node: SchemaNodeModel, description: unknown): SchemaNodeModel['weight'] {
  const text = typeof description === 'string' ? description : '';
  const values = [...node.enumValues, ...node.constraints, node.defaultValue, node.constValue, node.example];
  const markup = text.match(/\n\s*\n|`[^`\n]+`|\]\(|^\s*(?:[-*+]|\d+[.)])\s|<[a-z]/gim)?.length ?? 0;
  return {
    bytes: text.length + values.reduce((sum, v) => sum + (v?.length ?? 0) + 40, 0) + (node.title?.length ?? 0),
    elements: (text ? 2 : 0) + markup * 2 + values.filter((v) => v !== undefined).length * 2,
  };
}

/** Every validation keyword a reader needs to build a valid value, in words. */
export function constraints(schema: Record<string, unknown>, format?: string): string[] {
  const out: string[] = [];
  const num = (key: string): number | undefined =>
    typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
  if (format) out.push(`format: ${format}`);
  // 3.0 writes exclusiveness as a boolean beside minimum/maximum; 3.1 writes the bound itself.
  const min = num('minimum');
  const max = num('maximum');
  const exMin = num('exclusiveMinimum') ?? (schema.exclusiveMinimum === true ? min : undefined);
  const exMax = num('exclusiveMaximum') ?? (schema.exclusiveMaximum === true ? max : undefined);
  if (exMin !== undefined) out.push(`> ${exMin}`);
  else if (min !== undefined) out.push(`≥ ${min}`);
  if (exMax !== undefined) out.push(`< ${exMax}`);
  else if (max !== undefined) out.push(`≤ ${max}`);
  for (const [key, label] of [
    ['multipleOf', 'multiple of'],
    ['minLength', 'minLength:'],
    ['maxLength', 'maxLength:'],
    ['minItems', 'minItems:'],
    ['maxItems', 'maxItems:'],
    ['minProperties', 'minProperties:'],
    ['maxProperties', 'maxProperties:'],
  ] as const) {
    const value = num(key);
    if (value !== undefined) out.push(`${label} ${value}`);
  }
  if (schema.uniqueItems === true) out.push('unique items');
  if (typeof schema.pattern === 'string') out.push(`pattern: ${schema.pattern}`);
  if (typeof schema.contentMediaType === 'string') out.push(`content: ${schema.contentMediaType}`);
  if (typeof schema.contentEncoding === 'string') out.push(`encoding: ${schema.contentEncoding}`);
  return out;
}

function extraProperties(schema: Record<string, unknown>, walk: Walk, depth: number): PropertyModel[] {
  const rows: PropertyModel[] = [];
  if (isRecord(schema.patternProperties)) {
    for (const [pattern, value] of Object.entries(schema.patternProperties))
      rows.push({ name: `/${pattern}/`, required: false, schema: build(value, walk, depth + 1) });
  }
  const additional = schema.additionalProperties;
  if (isRecord(additional))
    rows.push({ name: '[any other key]', required: false, schema: build(additional, walk, depth + 1) });
  else if (additional === false && isRecord(schema.properties))
    rows.push({ name: '[no other key]', required: false, schema: { ...emptyNode(), type: 'never' } });
  if (isRecord(schema.unevaluatedProperties))
    rows.push({
      name: '[unevaluated keys]',
      required: false,
      schema: build(schema.unevaluatedProperties, walk, depth + 1),
    });
  return rows;
}

function tuple(items: unknown[], walk: Walk, depth: number): SchemaModel {
  const node = { ...emptyNode(), type: 'tuple' };
  node.properties = items
    .slice(0, MAX_PROPERTIES)
    .map((item, index) => ({ name: `[${index}]`, required: true, schema: build(item, walk, depth + 1) }));
  return node;
}

/** `oneOf` and `anyOf` as written; `allOf` is merged into the node (see `mergeParts`). */
function compositions(schema: Record<string, unknown>, walk: Walk, depth: number): CompositionModel[] {
  const out: CompositionModel[] = [];
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (!Array.isArray(list)) continue;
    out.push({
      keyword,
      variants: list.slice(0, MAX_PROPERTIES).map((v, index) => variant(build(v, walk, depth + 1), index)),
    });
  }
  return out;
}

function variant(model: SchemaModel, index: number): CompositionModel['variants'][number] {
  const label = model.kind === 'link' ? model.name : (model.title ?? (model.type || `variant ${index + 1}`));
  return { label, schema: model };
}

function discriminator(schema: Record<string, unknown>, walk: Walk): DiscriminatorModel | undefined {
  const d = schema.discriminator;
  if (!isRecord(d)) return undefined;
  const propertyName =
    typeof d.propertyName === 'string'
      ? d.propertyName
      : typeof schema.discriminator === 'string'
        ? schema.discriminator
        : '';
  const mapping = isRecord(d.mapping)
    ? Object.entries(d.mapping).map(([value, target]) => {
        const ref =
          typeof target === 'string' && !target.includes('/') && !target.includes('#')
            ? `#/components/schemas/${target}`
            : asString(target);
        const named = walk.context.registry.forRef(ref);
        return { value, name: named?.name ?? asString(target), href: named && walk.context.registry.href(named) };
      })
    : [];
  return { propertyName, mapping };
}

/**
 * About how many nodes a named schema's tree will have, from the schema as written: refs are links,
 * so they end a branch, and the count stops where the tree itself would be cut.
 */
export function estimateNodes(schema: unknown): number {
  let count = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0 && count < MAX_NODES) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node) && typeof node.$ref !== 'string') {
      count++;
      for (const key of ['properties', 'patternProperties'])
        if (isRecord(node[key])) stack.push(...Object.values(node[key]).slice(0, MAX_PROPERTIES));
      for (const key of [
        'items',
        'prefixItems',
        'allOf',
        'oneOf',
        'anyOf',
        'not',
        'additionalProperties',
        'unevaluatedProperties',
      ])
        stack.push(node[key]);
    }
  }
  return count;
}

function hasChildren(schema: Record<string, unknown>): boolean {
  return [
    'properties',
    'items',
    'allOf',
    'oneOf',
    'anyOf',
    'not',
    'additionalProperties',
    'patternProperties',
    'prefixItems',
  ].some((key) => isRecord(schema[key]) || Array.isArray(schema[key]));
}
