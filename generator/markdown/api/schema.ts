import type { PropertyModel, SchemaModel, SchemaNodeModel } from '../../../templates/api/model.js';
import type { TwinContext } from '../context.js';
import { code, joined, list, moreValues, paragraph, table, text, type Flow, type Phrasing } from '../nodes.js';
import { blocks, phrasing } from './descriptions.js';

/** Levels of inline objects a fields table opens as `parent.child` rows; deeper ones are their type alone. */
const NESTED_LEVELS = 3;
/** Rows of one fields table; the rest is counted below it. */
const MAX_ROWS = 300;
/** Values of an enumeration a field's row lists. */
const MAX_VALUES = 40;

const KEYWORDS = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of' } as const;

/** The type of a schema in a sentence: a model's name as a link, `string`, array of …, A | B, and "or null". */
export function typeLabel(schema: SchemaModel, ctx: TwinContext, depth = 0): Phrasing[] {
  if (schema.kind === 'link') return ctx.link(schema.href, [text(schema.name)]);
  const base: Phrasing[] =
    schema.items && depth < NESTED_LEVELS
      ? [text('array of '), ...typeLabel(schema.items, ctx, depth + 1)]
      : schema.type
        ? [code(schema.type)]
        : schema.compositions.length > 0
          ? joined(
              schema.compositions.map((c) =>
                joined(
                  c.variants.map((v) => variantLabel(v.schema, ctx)),
                  c.keyword === 'allOf' ? ' & ' : ' | ',
                ),
              ),
            )
          : [text('any')];
  return schema.nullable ? [...base, text(' or null')] : base;
}

function variantLabel(schema: SchemaModel, ctx: TwinContext): Phrasing[] {
  return schema.kind === 'link' ? ctx.link(schema.href, [text(schema.name)]) : [code(schema.type || 'object')];
}

/** What a schema holds besides its type: its description, values, fields, items and variants, as blocks. */
export function schemaDetails(node: SchemaNodeModel, ctx: TwinContext, floor: number): Flow[] {
  return [...blocks(ctx, node.description, floor), ...schemaParts(node, ctx, floor)];
}

/** What a schema holds besides its type and description. */
export function schemaParts(node: SchemaNodeModel, ctx: TwinContext, floor: number): Flow[] {
  const out: Flow[] = [];
  const facts = valueFacts(node);
  if (facts.length > 0) out.push(paragraph(...joined(facts, ' ')));
  const fields = fieldsTable(node, ctx);
  if (fields) out.push(...fields);
  else if (
    // Items that are a model are named by the type already ("array of Pet"); written in place, their fields follow.
    node.items?.kind === 'node' &&
    (node.items.properties.length > 0 || node.items.compositions.length > 0)
  ) {
    out.push(paragraph(text('Items: '), ...typeLabel(node.items, ctx)), ...schemaDetails(node.items, ctx, floor));
  }
  for (const composition of node.compositions) {
    out.push(paragraph(text(`${KEYWORDS[composition.keyword]}:`)));
    out.push(
      list(
        composition.variants.map((v) => [
          ...variantLabel(v.schema, ctx),
          ...(v.label && v.schema.kind === 'node' && v.label !== v.schema.type ? [text(` (${v.label})`)] : []),
          ...describedAfter(v.schema, ctx),
        ]),
      ),
    );
  }
  if (node.not) out.push(paragraph(text('Not: '), ...typeLabel(node.not, ctx)));
  if (node.discriminator) {
    const { propertyName, mapping } = node.discriminator;
    out.push(paragraph(text('Discriminated by '), code(propertyName), text(mapping.length > 0 ? ':' : '.')));
    if (mapping.length > 0)
      out.push(
        list(
          mapping.map((m) => [
            code(m.value),
            text(': '),
            ...(m.href ? ctx.link(m.href, [text(m.name)]) : [code(m.name)]),
          ]),
        ),
      );
  }
  if (node.truncated) out.push(paragraph(text(sentence(node.truncated))));
  return out;
}

function describedAfter(schema: SchemaModel, ctx: TwinContext): Phrasing[] {
  const description = phrasing(ctx, schema.description);
  return description.length > 0 ? [text(': '), ...description] : [];
}

/** `Values: a b`, `Always x`, `Default x`, `Example x`: what the model and the in-place tree say of a schema's values. */
function valueFacts(node: SchemaNodeModel): Phrasing[][] {
  const facts: Phrasing[][] = [];
  if (node.enumValues.length > 0)
    facts.push([
      text('Values: '),
      ...joined(node.enumValues.map((v) => [code(v)])),
      ...moreValues(node.enumMore),
      text('.'),
    ]);
  if (node.constValue !== undefined) facts.push([text('Always '), code(node.constValue), text('.')]);
  if (node.defaultValue !== undefined) facts.push([text('Default '), code(node.defaultValue), text('.')]);
  if (node.example !== undefined) facts.push([text('Example '), code(node.example), text('.')]);
  return facts;
}

interface Row {
  name: string;
  required: boolean | undefined;
  schema: SchemaModel;
}

/** The fields of an object (its `allOf` parts merged in) as a table, nested inline objects as `parent.child` rows. */
export function fieldsTable(node: SchemaNodeModel, ctx: TwinContext): Flow[] | undefined {
  const rows: Row[] = [];
  const total = collectRows(node, '', 0, rows);
  if (rows.length === 0) return undefined;
  const out: Flow[] = [
    table(
      ['Name', 'Type', 'Required', 'Description'],
      rows.map((row) => [
        [code(row.name)],
        [...typeLabel(row.schema, ctx), ...flags(row.schema)],
        [text(row.required === undefined ? '' : row.required ? 'yes' : 'no')],
        rowFacts(row.schema, ctx),
      ]),
    ),
  ];
  if (total > rows.length) out.push(paragraph(text(`${total - rows.length} more fields are not listed here.`)));
  return out;
}

/** The rows of one level and the inline objects under it; the count of every row, listed or not. */
function collectRows(node: SchemaNodeModel, prefix: string, level: number, rows: Row[]): number {
  let count = 0;
  const add = (property: PropertyModel, required: boolean | undefined): void => {
    count++;
    if (rows.length < MAX_ROWS) rows.push({ name: prefix + property.name, required, schema: property.schema });
    const inner = property.schema;
    if (inner.kind !== 'node' || level + 1 >= NESTED_LEVELS) return;
    if (inner.properties.length > 0) count += collectRows(inner, `${prefix}${property.name}.`, level + 1, rows);
    else if (inner.items?.kind === 'node' && inner.items.properties.length > 0)
      count += collectRows(inner.items, `${prefix}${property.name}[].`, level + 1, rows);
  };
  // `allOf` parts are merged into the properties by the model.
  for (const property of node.properties) add(property, property.required);
  // `additionalProperties: false` says no other key is allowed: a fact, not a row.
  for (const property of node.extraProperties)
    if (!(property.schema.kind === 'node' && property.schema.type === 'never')) add(property, undefined);
  return count;
}

function flags(schema: SchemaModel): Phrasing[] {
  if (schema.kind !== 'node') return [];
  const words = [
    schema.deprecated ? 'deprecated' : '',
    schema.readOnly ? 'read-only' : '',
    schema.writeOnly ? 'write-only' : '',
  ].filter((w) => w !== '');
  return words.length > 0 ? [text(`, ${words.join(', ')}`)] : [];
}

/** A row's description, then its default, values, constraints and example. */
function rowFacts(schema: SchemaModel, ctx: TwinContext): Phrasing[] {
  const parts: Phrasing[][] = [];
  const description = phrasing(ctx, schema.description);
  if (description.length > 0) parts.push(description);
  const node = schema.kind === 'node' ? schema : undefined;
  const values = enumOf(schema);
  if (values && values.enumValues.length > 0) {
    const shown = values.enumValues.slice(0, MAX_VALUES).map((v) => [code(v)]);
    const more = moreValues(values.enumValues.length + values.enumMore - shown.length);
    parts.push([text('One of '), ...joined(shown), ...more, text('.')]);
  }
  if (node?.constValue !== undefined) parts.push([text('Always '), code(node.constValue), text('.')]);
  if (node?.defaultValue !== undefined) parts.push([text('Default '), code(node.defaultValue), text('.')]);
  if (node && node.constraints.length > 0) parts.push([text(`Constraints: ${node.constraints.join(', ')}.`)]);
  if (node?.example !== undefined) parts.push([text('Example '), code(node.example), text('.')]);
  return joined(parts, ' ');
}

/** The node holding the field's own enum, that of its array items, or that of the enumeration it refers to. */
function enumOf(schema: SchemaModel): SchemaNodeModel | undefined {
  const target = schema.kind === 'node' && schema.items && schema.enumValues.length === 0 ? schema.items : schema;
  return target.kind === 'node' ? target : target.target;
}

/** A fact as a sentence: capitalized, with a full stop. */
function sentence(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
