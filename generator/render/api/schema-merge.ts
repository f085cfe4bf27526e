import type { CompositionModel, PropertyModel, SchemaModel, SchemaNodeModel } from '../../../templates/api/model.js';

/**
 * How two definitions of one thing combine when `allOf` merges them (a property defined by two parts,
 * or a part's facts lifted onto the object). Every part holds at once, so:
 * - facts that replace one another (description, title, default, example, enum) come from the later part;
 * - constraints, flags (deprecated, read-only, write-only) and rows add up;
 * - two different types cannot both be "the" type: both are shown joined with `&`, which is what holds;
 * - a named schema and an inline one that says more than a description stay both, as an "All of" of the
 *   two, rather than one silently hiding the other.
 */
export function combine(earlier: SchemaModel, later: SchemaModel): SchemaModel {
  if (earlier.kind === 'link' && later.kind === 'link')
    return earlier.href === later.href
      ? { ...later, description: later.description ?? earlier.description }
      : both(earlier, later);
  if (earlier.kind === 'link' || later.kind === 'link') {
    const link = (earlier.kind === 'link' ? earlier : later) as Extract<SchemaModel, { kind: 'link' }>;
    const node = (earlier.kind === 'node' ? earlier : later) as SchemaNodeModel;
    return annotatesOnly(node) ? { ...link, description: node.description ?? link.description } : both(earlier, later);
  }
  return combineNodes(earlier, later);
}

export function combineNodes(a: SchemaNodeModel, b: SchemaNodeModel): SchemaNodeModel {
  return {
    ...a,
    type: a.type && b.type && a.type !== b.type ? `${a.type} & ${b.type}` : b.type || a.type,
    nullable: a.type && b.type ? a.nullable && b.nullable : a.nullable || b.nullable,
    title: b.title ?? a.title,
    description: b.description ?? a.description,
    deprecated: a.deprecated || b.deprecated,
    readOnly: a.readOnly || b.readOnly,
    writeOnly: a.writeOnly || b.writeOnly,
    constraints: [...new Set([...a.constraints, ...b.constraints])],
    ...(b.enumValues.length > 0 ? { enumValues: b.enumValues, enumMore: b.enumMore } : {}),
    defaultValue: b.defaultValue ?? a.defaultValue,
    constValue: b.constValue ?? a.constValue,
    example: b.example ?? a.example,
    properties: combineRows(a.properties, b.properties),
    extraProperties: combineRows(a.extraProperties, b.extraProperties),
    items: a.items && b.items ? combine(a.items, b.items) : (b.items ?? a.items),
    compositions: combineCompositions(a.compositions, b.compositions),
    not: b.not ?? a.not,
    discriminator: a.discriminator ?? b.discriminator,
    truncated: a.truncated ?? b.truncated,
    weight: { bytes: a.weight.bytes + b.weight.bytes, elements: a.weight.elements + b.weight.elements },
  };
}

/** Rows of both, each name once at its first place; a name in both combines its schemas. */
export function combineRows(earlier: PropertyModel[], later: PropertyModel[]): PropertyModel[] {
  if (later.length === 0) return earlier;
  const rows = new Map(earlier.map((row) => [row.name, row]));
  for (const row of later) {
    const known = rows.get(row.name);
    rows.set(
      row.name,
      known
        ? {
            name: row.name,
            required: known.required || row.required,
            schema: combine(known.schema, row.schema),
            from: row.from ?? known.from,
          }
        : row,
    );
  }
  return [...rows.values()];
}

/** Two `oneOf`s both hold: the second is kept as a part of its own rather than mixed into the first's list. */
function combineCompositions(a: CompositionModel[], b: CompositionModel[]): CompositionModel[] {
  // New objects only: `a` may be a named schema's tree, shared by every use.
  const out = [...a];
  const append = (keyword: CompositionModel['keyword'], variants: CompositionModel['variants']): void => {
    const index = out.findIndex((c) => c.keyword === keyword);
    if (index < 0) out.push({ keyword, variants });
    else out[index] = { keyword, variants: [...(out[index] as CompositionModel).variants, ...variants] };
  };
  for (const composition of b) {
    if (composition.keyword === 'allOf' || !out.some((c) => c.keyword === composition.keyword))
      append(composition.keyword, composition.variants);
    else append('allOf', [{ label: composition.keyword, schema: wrap(composition) }]);
  }
  return out;
}

/** A node with no rows, variants, type or constraints of its own: only words and flags (e.g. describing a `$ref`). */
export function annotatesOnly(node: SchemaNodeModel): boolean {
  return (
    node.type === '' &&
    node.constraints.length === 0 &&
    node.enumValues.length === 0 &&
    node.constValue === undefined &&
    node.properties.length === 0 &&
    node.extraProperties.length === 0 &&
    node.items === undefined &&
    node.compositions.length === 0 &&
    node.not === undefined
  );
}

function both(earlier: SchemaModel, later: SchemaModel): SchemaNodeModel {
  const label = (s: SchemaModel): string => (s.kind === 'link' ? s.name : s.type || 'schema');
  return wrap({
    keyword: 'allOf',
    variants: [
      { label: label(earlier), schema: earlier },
      { label: label(later), schema: later },
    ],
  });
}

function wrap(composition: CompositionModel): SchemaNodeModel {
  return { ...emptyNode(), compositions: [composition] };
}

export function emptyNode(): SchemaNodeModel {
  return {
    kind: 'node',
    type: '',
    nullable: false,
    title: undefined,
    description: null,
    deprecated: false,
    readOnly: false,
    writeOnly: false,
    constraints: [],
    enumValues: [],
    enumMore: 0,
    defaultValue: undefined,
    constValue: undefined,
    example: undefined,
    properties: [],
    extraProperties: [],
    items: undefined,
    compositions: [],
    not: undefined,
    discriminator: undefined,
    truncated: undefined,
    weight: { bytes: 0, elements: 0 },
  };
}
