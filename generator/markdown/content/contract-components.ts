import type { ServiceCatalog } from '../../../templates/mdx/contract-model.js';
import { endpoint } from '../api/operation.js';
import { fieldsTable } from '../api/schema.js';
import type { TwinContext } from '../context.js';
import { code, joined, list, moreValues, paragraph, strong, text, type Flow, type Phrasing } from '../nodes.js';
import { attribute, sourcePoint, type Converter, type JsxHandler, type JsxNode } from './tree.js';
import { blocks, phrasing } from '../api/descriptions.js';
import { moreValuesText } from '../../../templates/api/more-values.js';

/**
 * The contract components as Markdown, from the same catalog as their HTML (the newest version of
 * each API): an operation is its call linked to the reference, a schema its fields table, an
 * enumeration its values. The content stage has checked every name; one the catalog lacks is a bug,
 * and is left out rather than guessed.
 */
export const CONTRACT_COMPONENTS: Readonly<Record<string, JsxHandler>> = {
  Operation: (node, page) => {
    const api = service(node, page);
    const op = api?.operations.get(attribute(node, 'id') ?? '');
    if (!api || !op) return [];
    const call = page.ctx.link(op.href, [code(endpoint(op))], sourcePoint(node));
    if (node.type === 'mdxJsxTextElement') return call;
    const summary = op.summary ? phrasing(page.ctx, op.heading) : [text(attribute(node, 'id') ?? '')];
    const out: Flow[] = [
      paragraph(
        ...call,
        text(': '),
        ...summary,
        ...(op.deprecated ? [text(' (deprecated)')] : []),
        text(` · ${api.title}`),
      ),
    ];
    if (op.roles.length > 0)
      out.push(paragraph(strong(text('Roles:')), text(' '), ...joined(op.roles.map((r) => [code(r)]))));
    return out;
  },
  Schema: (node, page) => {
    const api = service(node, page);
    const name = attribute(node, 'name') ?? '';
    const entry = api?.schemas.get(name);
    if (!api || !entry) return [];
    const { schema } = entry;
    const ctx = page.ctx;
    const fields = fieldsTable(schema, ctx);
    const out: Flow[] = [caption(ctx, node, name, entry.href, 'schema', api.title, fields ? undefined : schema.type)];
    out.push(...blocks(ctx, schema.description, 3));
    // The model merges `allOf` parts into the fields; the named ones are said once here.
    const parts = new Map(schema.properties.flatMap((p) => (p.from ? [[p.from.href, p.from] as const] : [])));
    const includes = [...parts.values()].map((part) => ctx.link(part.href, [text(part.name)]));
    if (includes.length > 0) out.push(paragraph(text('Also has every field of '), ...joined(includes), text('.')));
    if (fields) out.push(...fields);
    else if (schema.enumValues.length > 0)
      out.push(
        paragraph(
          text('Values: '),
          ...joined(schema.enumValues.map((v) => [code(v)])),
          ...moreValues(schema.enumMore),
          text('.'),
        ),
      );
    if (schema.extraProperties.some((p) => p.schema.kind === 'node' && p.schema.type === 'never'))
      out.push(paragraph(text('No other fields are allowed.')));
    if (schema.truncated) out.push(paragraph(text(schema.truncated)));
    return out;
  },
  EnumValues: (node, page) => {
    const api = service(node, page);
    const name = attribute(node, 'name') ?? '';
    const entry = api?.schemas.get(name);
    if (!api || !entry) return [];
    const ctx = page.ctx;
    const { schema } = entry;
    if (node.type === 'mdxJsxTextElement')
      return [
        ...joined(schema.enumValues.map((value) => ctx.link(entry.href, [code(value)], sourcePoint(node)))),
        ...moreValues(schema.enumMore),
      ];
    return [
      caption(ctx, node, name, entry.href, 'enumeration', api.title, schema.type),
      ...blocks(ctx, schema.description, 3),
      list(schema.enumValues.map((v) => [code(v), ...(v === schema.defaultValue ? [text(' (default)')] : [])])),
      ...(schema.enumMore > 0 ? [paragraph(text(`… ${moreValuesText(schema.enumMore)}.`))] : []),
    ];
  },
};

function service(node: JsxNode, page: Converter): ServiceCatalog | undefined {
  return page.catalog.get(attribute(node, 'service') ?? '');
}

/** `Bucket: schema of the Datasource API, object`, the name linked to the reference. */
function caption(
  ctx: TwinContext,
  node: JsxNode,
  name: string,
  href: string,
  kind: 'schema' | 'enumeration',
  apiTitle: string,
  type: string | undefined,
): Flow {
  const tail: Phrasing[] = [text(`: ${kind} of the ${apiTitle}`)];
  if (type) tail.push(text(', '), code(type));
  return paragraph(...ctx.link(href, [code(name)], sourcePoint(node)), ...tail);
}
