import type { HistoryMarkModel, MediaModel, OperationModel } from '../../../../templates/api/model.js';
import { effectiveParameters, type OperationSource } from '../operation-model.js';
import { asRecord, asString, strings, type RefResolver } from '../resolver.js';
import type { ExampleEntry, HistoryEntry, MediaEntry, OperationEntry } from './published.js';
import { componentName, oneLevel, withSchemaOneLevel } from './one-level.js';

/** The samples an assistant is given: the ones a caller of the API most often starts from. */
const SAMPLE_KEYS = new Set(['curl', 'typescript']);

/** One operation of a version as `get_operation` answers it, from its source in the contract and its model on the page. */
export function operationEntry(
  source: OperationSource,
  model: OperationModel,
  href: string,
  resolver: RefResolver,
): OperationEntry {
  const { operation } = source;
  const body = resolver.follow(operation.requestBody)?.value;
  return {
    operationId: asString(operation.operationId) || undefined,
    anchor: model.id,
    method: source.method.toUpperCase(),
    path: source.path,
    summary: model.summary,
    description: text(operation.description),
    tags: strings(operation.tags),
    deprecated: model.deprecated,
    href,
    security: operation.security,
    parameters: effectiveParameters(source, resolver).map((parameter) => withSchemaOneLevel(parameter, resolver)),
    requestBody: body && {
      required: body.required === true,
      description: text(body.description),
      content: media(body.content, model.requestBody?.contents ?? [], resolver),
    },
    responses: responses(operation.responses, model, resolver),
    samples: model.samples
      .filter((sample) => SAMPLE_KEYS.has(sample.key))
      .map(({ label, language, code }) => ({ label, language, code })),
    history: historyEntry(model.history),
  };
}

function responses(written: unknown, model: OperationModel, resolver: RefResolver): OperationEntry['responses'] {
  const out: OperationEntry['responses'] = Object.create(null);
  for (const [status, value] of Object.entries(asRecord(written))) {
    if (status.startsWith('x-')) continue;
    const response = resolver.follow(value)?.value ?? {};
    const shown = model.responses.find((r) => r.status === status)?.contents ?? [];
    out[status] = {
      description: text(response.description),
      headers: Object.fromEntries(
        Object.entries(asRecord(response.headers)).map(([name, header]) => [
          name,
          withSchemaOneLevel(header, resolver),
        ]),
      ),
      content: media(response.content, shown, resolver),
    };
  }
  return out;
}

/** Each media type's schema one level deep, with the examples the page shows (the contract's, else one made from the schema). */
function media(content: unknown, shown: readonly MediaModel[], resolver: RefResolver): Record<string, MediaEntry> {
  // Without a prototype, a media type written `__proto__` is a key like another, not the object's prototype.
  const out: Record<string, MediaEntry> = Object.create(null);
  for (const [mediaType, value] of Object.entries(asRecord(content))) {
    const entry = asRecord(value);
    const name = componentName(entry.schema);
    out[mediaType] = {
      ...(entry.schema === undefined ? {} : { schema: oneLevel(entry.schema, resolver) }),
      ...(name ? { schemaName: name } : {}),
      examples: (shown.find((m) => m.mediaType === mediaType)?.examples ?? []).map(
        ({ name, summary, value, generated }): ExampleEntry => ({
          name,
          ...(summary ? { summary } : {}),
          value,
          generated,
        }),
      ),
    };
  }
  return out;
}

export function historyEntry(marks: readonly HistoryMarkModel[] | undefined): HistoryEntry | undefined {
  const find = (kind: HistoryMarkModel['kind']) => {
    const mark = marks?.find((m) => m.kind === kind);
    return mark && { version: mark.version, changelog: mark.href };
  };
  const since = find('since');
  if (!since) return undefined;
  const deprecatedIn = find('deprecated');
  const removedIn = find('removed');
  return { since, ...(deprecatedIn ? { deprecatedIn } : {}), ...(removedIn ? { removedIn } : {}) };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
