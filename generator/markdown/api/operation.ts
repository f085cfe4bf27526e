import type {
  HeaderModel,
  MediaModel,
  OperationModel,
  ParameterModel,
  ResponseModel,
} from '../../../templates/api/model.js';
import type { TwinContext } from '../context.js';
import {
  code,
  heading,
  joined,
  moreValues,
  paragraph,
  strong,
  table,
  text,
  type Flow,
  type Phrasing,
} from '../nodes.js';
import { schemaDetails, typeLabel } from './schema.js';
import { blocks, phrasing } from './descriptions.js';
import { historyBlocks } from './history.js';

/** `GET /buckets/{id}`: how the reference names an operation in one line. */
export function endpoint(op: Pick<OperationModel, 'method' | 'path'>): string {
  return `${op.method.toUpperCase()} ${op.path.map((p) => p.text).join('')}`;
}

/**
 * One operation (or webhook, or callback) under its heading: the call, its description, who may
 * make it, its parameters, request body and responses, as the reference page shows them.
 */
export function operationBlocks(op: OperationModel, depth: number, ctx: TwinContext): Flow[] {
  const title = op.summary ? phrasing(ctx, op.heading) : [text(endpoint(op))];
  const out: Flow[] = [
    heading(depth, ...title, ...(op.deprecated ? [text(' (deprecated)')] : [])),
    paragraph(code(endpoint(op)), ...(op.kind === 'webhook' ? [text(' (webhook)')] : [])),
    ...(op.replacedBy
      ? [paragraph(text('Use '), ...ctx.link(op.replacedBy.href, [code(op.replacedBy.id)]), text(' instead.'))]
      : []),
    ...historyBlocks(op.history, ctx),
    ...blocks(ctx, op.description, depth + 1),
  ];
  const anonymous = op.security.some((r) => r.schemes.length === 0);
  if (op.roles.length > 0)
    out.push(
      paragraph(
        strong(text('Roles:')),
        text(' '),
        ...joined(op.roles.map((r) => [code(r)])),
        ...(anonymous ? [text(' (optional: the call also works without credentials)')] : []),
      ),
    );
  else if (op.security.length > 0 && !anonymous)
    out.push(
      paragraph(
        strong(text('Authentication:')),
        text(` ${op.security.map((r) => r.schemes.map((s) => s.title ?? s.name).join(' + ')).join(' or ')}`),
      ),
    );
  if (op.parameters.length > 0) out.push(heading(depth + 1, text('Parameters')), parametersTable(op.parameters, ctx));
  if (op.requestBody) {
    out.push(heading(depth + 1, text(op.requestBody.required ? 'Request body (required)' : 'Request body')));
    out.push(
      ...blocks(ctx, op.requestBody.description, depth + 2),
      ...op.requestBody.contents.flatMap((m) => mediaBlocks(m, ctx, depth + 2)),
    );
  }
  if (op.responses.length > 0) {
    out.push(heading(depth + 1, text('Responses')));
    for (const response of op.responses) out.push(...responseBlocks(response, ctx, depth + 2));
  }
  for (const callback of op.callbacks) {
    out.push(heading(depth + 1, text('Callback '), code(callback.name)));
    for (const inner of callback.operations) out.push(...operationBlocks(inner, depth + 2, ctx));
  }
  return out;
}

function parametersTable(parameters: readonly ParameterModel[], ctx: TwinContext): Flow {
  return table(
    ['Name', 'In', 'Type', 'Required', 'Description'],
    parameters.map((p) => {
      const facts: Phrasing[][] = [];
      const description = phrasing(ctx, p.description);
      if (p.deprecated) facts.push([text('Deprecated.')]);
      if (description.length > 0) facts.push(description);
      if (p.enumValues.length > 0)
        facts.push([
          text('One of '),
          ...joined(p.enumValues.map((v) => [code(v)])),
          ...moreValues(p.enumMore),
          text('.'),
        ]);
      if (p.defaultValue !== undefined) facts.push([text('Default '), code(p.defaultValue), text('.')]);
      if (p.constraints.length > 0) facts.push([text(`Constraints: ${p.constraints.join(', ')}.`)]);
      if (p.example !== undefined) facts.push([text('Example '), code(p.example), text('.')]);
      return [
        [code(p.name)],
        [text(p.in)],
        p.typeHref ? ctx.link(p.typeHref, [text(p.type)]) : [code(p.type)],
        [text(p.required ? 'yes' : 'no')],
        joined(facts, ' '),
      ];
    }),
  );
}

/** A body of one media type: its type and schema, and the schema's fields when it is written in place. */
function mediaBlocks(media: MediaModel, ctx: TwinContext, floor: number): Flow[] {
  const line: Phrasing[] = [code(media.mediaType)];
  if (media.schema) line.push(text(': '), ...typeLabel(media.schema, ctx));
  if (media.stream) line.push(text(' (a stream: the body arrives as a sequence of events)'));
  const out: Flow[] = [paragraph(...line)];
  if (media.schema?.kind === 'node') out.push(...schemaDetails(media.schema, ctx, floor));
  else if (media.schema) out.push(...blocks(ctx, media.schema.description, floor));
  return out;
}

function responseBlocks(response: ResponseModel, ctx: TwinContext, floor: number): Flow[] {
  const description = phrasing(ctx, response.description);
  const out: Flow[] = [
    paragraph(strong(code(response.status)), ...(description.length > 0 ? [text(': '), ...description] : [])),
  ];
  if (response.headers.length > 0) out.push(headersTable(response.headers, ctx));
  for (const media of response.contents) out.push(...mediaBlocks(media, ctx, floor));
  if (response.links.length > 0)
    out.push(
      paragraph(
        text('Links: '),
        ...joined(response.links.map((l) => (l.href ? ctx.link(l.href, [text(l.name)]) : [code(l.name)]))),
      ),
    );
  return out;
}

function headersTable(headers: readonly HeaderModel[], ctx: TwinContext): Flow {
  return table(
    ['Header', 'Type', 'Required', 'Description'],
    headers.map((h) => [
      [code(h.name)],
      h.schema ? typeLabel(h.schema, ctx) : [],
      [text(h.required ? 'yes' : 'no')],
      phrasing(ctx, h.description),
    ]),
  );
}
