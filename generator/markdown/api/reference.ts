import type { ApiReferenceModel, SchemaNodeModel } from '../../../templates/api/model.js';
import type { TwinContext } from '../context.js';
import { code, heading, joined, list, moreValues, paragraph, table, text, type Flow, type Phrasing } from '../nodes.js';
import { operationBlocks } from './operation.js';
import { schemaParts, typeLabel } from './schema.js';
import { blocks, phrasing } from './descriptions.js';
import { historyBlocks } from './history.js';

/**
 * One page of an API reference (everything, or the overview, a tag or the models of a split API),
 * in the order the page shows it; headings start at level 2, the page's title being the twin's.
 */
export function referenceBlocks(api: ApiReferenceModel, ctx: TwinContext): Flow[] {
  const out: Flow[] = [versionLine(api, ctx)];
  if (api.kind === 'full' || api.kind === 'overview') out.push(...overviewBlocks(api, ctx));
  for (const section of api.sections) {
    out.push(heading(2, text(section.name)), ...blocks(ctx, section.description, 3));
    for (const op of section.operations) out.push(...operationBlocks(op, 3, ctx));
  }
  if (api.models.length > 0) {
    out.push(heading(2, text('Models')));
    for (const model of api.models)
      out.push(heading(3, text(model.name)), ...historyBlocks(model.history, ctx), ...modelBlocks(model.schema, ctx));
  }
  const movedHeading = api.kind === 'overview' ? 'Operations' : api.kind === 'tag' ? 'More operations' : 'More models';
  if (api.kind !== 'full' && api.moved.length > 0)
    out.push(heading(2, text(movedHeading)), list(api.moved.map((m) => ctx.link(m.href, [text(m.label)]))));
  return out;
}

/** `Version 3.1.0 · OpenAPI document: YAML, JSON · Other versions: 2.0.0 · Changelog`. */
function versionLine(api: ApiReferenceModel, ctx: TwinContext): Flow {
  const parts: Phrasing[][] = [[text('Version '), code(api.version)]];
  if (api.downloads.length > 0)
    parts.push([text('OpenAPI document: '), ...joined(api.downloads.map((d) => ctx.link(d.href, [text(d.label)])))]);
  const others = api.versions.filter((v) => !v.current);
  if (others.length > 0)
    parts.push([text('Other versions: '), ...joined(others.map((v) => ctx.link(v.href, [text(v.version)])))]);
  parts.push(ctx.link(api.changelogHref, [text('Changelog')]));
  if (api.links?.guideHref) parts.push(ctx.link(api.links.guideHref, [text('Guide')]));
  return paragraph(...joined(parts, ' · '));
}

function overviewBlocks(api: ApiReferenceModel, ctx: TwinContext): Flow[] {
  const out: Flow[] = [...blocks(ctx, api.description, 2)];
  if (api.servers.length > 0) out.push(heading(2, text('Servers')), list(api.servers.map((s) => serverBlocks(s, ctx))));
  if (api.securitySchemes.length > 0) {
    out.push(heading(2, text('Authentication')));
    for (const scheme of api.securitySchemes) {
      out.push(heading(3, text(scheme.title)));
      if (scheme.send.length > 0)
        out.push(paragraph(...scheme.send.map((part) => ('code' in part ? code(part.code) : text(part.text)))));
      out.push(...blocks(ctx, scheme.description, 4));
      if (scheme.details.length > 0) out.push(list(scheme.details.map((d) => [text(`${d.label}: `), code(d.value)])));
      for (const flow of scheme.flows) {
        out.push(heading(4, text(`${flow.flow} flow`)));
        if (flow.urls.length > 0) out.push(list(flow.urls.map((u) => [text(`${u.label}: `), code(u.value)])));
        if (flow.scopes.length > 0)
          out.push(
            table(
              ['Scope', 'Description'],
              flow.scopes.map((s) => [[code(s.name)], [text(s.description)]]),
            ),
          );
      }
    }
  }
  if (api.roles.length > 0) {
    out.push(heading(2, text('Roles')), paragraph(text('The operations each role may call, by tag.')));
    out.push(
      table(
        ['Role', 'Tag', 'Operations'],
        api.roles.flatMap((r) =>
          r.tags.map((tag) => [
            [code(r.role)],
            ctx.link(tag.href, [text(tag.name)]),
            joined(tag.operations.map((op) => ctx.link(op.href, [text(op.label)]))),
          ]),
        ),
      ),
    );
  }
  return out;
}

/** A server: its URL (a relative one said in words: it names no host), description and variables. */
function serverBlocks(server: ApiReferenceModel['servers'][number], ctx: TwinContext): Flow[] {
  const path = server.url.replace(/\/+$/, '');
  const where = server.relative
    ? path === ''
      ? [text('On the same host as the platform: every path is relative to that host.')]
      : [text('On the same host as the platform, at path '), code(path), text(': every path is relative to it.')]
    : [code(server.url)];
  return [
    paragraph(
      ...where,
      ...(server.relative
        ? [text(' '), ...phrasing(ctx, server.description)]
        : described(phrasing(ctx, server.description))),
    ),
    ...(server.variables.length > 0
      ? [
          list(
            server.variables.map((v) => [
              code(`{${v.name}}`),
              text(' default '),
              code(v.defaultValue),
              ...(v.enumValues.length > 0
                ? [text(` (one of ${v.enumValues.join(', ')}`), ...moreValues(v.enumMore), text(')')]
                : []),
              ...(v.description ? [text(` ${v.description}`)] : []),
            ]),
          ),
        ]
      : []),
  ];
}

/** A model: its type, then what the schema holds. */
export function modelBlocks(node: SchemaNodeModel, ctx: TwinContext): Flow[] {
  const line: Phrasing[] = [text('Type: '), ...typeLabel(node, ctx)];
  const flags = [node.deprecated && 'deprecated', node.readOnly && 'read-only', node.writeOnly && 'write-only'].filter(
    (f): f is string => typeof f === 'string',
  );
  if (flags.length > 0) line.push(text(`, ${flags.join(', ')}`));
  if (node.constraints.length > 0) line.push(text(`. Constraints: ${node.constraints.join(', ')}`));
  line.push(text('.'));
  return [
    ...(node.title ? [paragraph(text(node.title))] : []),
    ...blocks(ctx, node.description, 4),
    paragraph(...line),
    ...schemaParts(node, ctx, 4),
  ];
}

function described(description: Phrasing[]): Phrasing[] {
  return description.length > 0 ? [text(': '), ...description] : [];
}
