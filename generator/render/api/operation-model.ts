import { HTTP_METHODS } from '../../contracts/walk.js';
import { isRecord } from '../../sources/pointer.js';
import type {
  ExampleModel,
  HeaderModel,
  MediaModel,
  OperationModel,
  ParameterModel,
  ResponseModel,
  SecurityRequirementModel,
} from '../../../templates/api/model.js';
import { statesDefault } from './default-stated.js';
import { firstExample, operationBindings, schemaExample } from './example-bindings.js';
import { exampleGenerator, type Direction } from './generated-example.js';
import { readable } from './path-groups.js';
import { replacement } from './replacement.js';
import { asRecord, asString, strings, type RefResolver } from './resolver.js';
import { constraints, schemaModel, type SchemaContext } from './schema-model.js';
import { enumPreview, exampleText, jsonPreview } from './values.js';

export interface OperationContext extends SchemaContext {
  resolver: RefResolver;
  /** The document's own `security`, which an operation without one inherits. */
  defaultSecurity: unknown;
  /** Where an operation's anchor is, by operationId, for response links. */
  operationHref: (operationId: string) => string | undefined;
}

export { firstExample } from './example-bindings.js';

export interface OperationSource {
  id: string;
  kind: OperationModel['kind'];
  method: string;
  /** Path template, webhook name or callback expression. */
  path: string;
  pathItem: Record<string, unknown>;
  operation: Record<string, unknown>;
}

/** Everything a reader needs to make (or, for webhooks, receive) one call. Code samples are added by the page builder. */
export function operationModel(source: OperationSource, context: OperationContext): OperationModel {
  const { operation } = source;
  const security = securityRequirements(operation.security ?? context.defaultSecurity);
  // The values the code samples put in the path, which generated bodies then hold too.
  const bound = operationBindings(source, effectiveParameters(source, context.resolver), context.resolver).body;
  return {
    id: source.id,
    kind: source.kind,
    method: source.method,
    path: source.kind === 'webhook' ? [{ text: source.path, param: false }] : splitPath(source.path),
    summary: context.text.plain(operation.summary),
    heading: context.text.inline(asString(operation.summary)),
    description: context.text.render(operation.description),
    deprecated: operation.deprecated === true,
    replacedBy: replacement(operation, context.operationHref),
    roles: roles(security, operation),
    security,
    parameters: parameters(source, context),
    requestBody: requestBody(operation.requestBody, context, bound),
    responses: responses(operation.responses, context, bound),
    callbacks: callbacks(operation.callbacks, source, context),
    samples: [],
  };
}

export function splitPath(path: string): OperationModel['path'] {
  return path
    .split(/(\{[^}]*\})/)
    .filter((part) => part !== '')
    .map((text) => ({ text, param: text.startsWith('{') && text.endsWith('}') }));
}

/** The parameters in force: the path item's, overridden by the operation's own of the same name and place. */
export function effectiveParameters(
  source: Pick<OperationSource, 'pathItem' | 'operation'>,
  resolver: RefResolver,
): Array<Record<string, unknown>> {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const list of [source.pathItem.parameters, source.operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const parameter = resolver.follow(entry)?.value;
      if (parameter) byKey.set(`${asString(parameter.in)}\0${asString(parameter.name)}`, parameter);
    }
  }
  return [...byKey.values()];
}

function parameters(source: OperationSource, context: OperationContext): ParameterModel[] {
  const order = ['path', 'query', 'header', 'cookie'];
  return effectiveParameters(source, context.resolver)
    .map((parameter) => parameterModel(parameter, context))
    .sort((a, b) => order.indexOf(a.in) - order.indexOf(b.in));
}

function parameterModel(parameter: Record<string, unknown>, context: OperationContext): ParameterModel {
  // A parameter may describe its value with `content` instead of `schema`.
  const content = isRecord(parameter.content) ? Object.values(parameter.content).find(isRecord) : undefined;
  const written = parameter.schema ?? content?.schema;
  const resolved = context.resolver.follow(written);
  const schema = resolved?.value ?? {};
  const model = schemaModel(written, context);
  const linked = model.kind === 'link' ? model : undefined;
  const type =
    model.kind === 'link'
      ? model.name
      : model.type + (isRecord(schema.items) ? `<${itemType(schema.items, context)}>` : '');
  const example = parameter.example ?? firstExample(parameter.examples, context.resolver) ?? schema.example;
  return {
    name: asString(parameter.name),
    in: asString(parameter.in),
    required: parameter.required === true || parameter.in === 'path',
    deprecated: parameter.deprecated === true,
    description: context.text.render(parameter.description),
    type,
    typeHref: linked?.href,
    defaultValue: schema.default === undefined ? undefined : jsonPreview(schema.default),
    defaultStated: statesDefault(parameter.description, schema.default),
    constraints: constraints(schema),
    ...enumPreview(
      Array.isArray(schema.enum)
        ? schema.enum
        : isRecord(schema.items)
          ? context.resolver.follow(schema.items)?.value.enum
          : undefined,
    ),
    example: example === undefined ? undefined : jsonPreview(example),
    schema: written === undefined ? undefined : model,
  };
}

function itemType(items: unknown, context: OperationContext): string {
  const model = schemaModel(items, context);
  return model.kind === 'link' ? model.name : model.type || 'any';
}

function requestBody(
  written: unknown,
  context: OperationContext,
  bound: ReadonlyMap<string, unknown>,
): OperationModel['requestBody'] {
  const body = context.resolver.follow(written)?.value;
  if (!body) return undefined;
  return {
    required: body.required === true,
    description: context.text.render(body.description),
    contents: media(body.content, 'request', context, bound),
  };
}

export function isStream(mediaType: string): boolean {
  return /event-stream|ndjson|jsonl|stream\+json|json-seq/i.test(mediaType);
}

/** `bound`: top-level properties a generated body holds with the value the samples use (the path's id). */
function media(
  content: unknown,
  direction: Direction,
  context: OperationContext,
  bound: ReadonlyMap<string, unknown>,
): MediaModel[] {
  return Object.entries(asRecord(content)).map(([mediaType, value]) => {
    const entry = asRecord(value);
    const stream = isStream(mediaType);
    const written = examples(entry, context);
    return {
      mediaType,
      stream,
      schema: entry.schema === undefined ? undefined : schemaModel(entry.schema, context),
      examples: written.length > 0 || stream ? written : generated(entry.schema, mediaType, direction, context, bound),
    };
  });
}

/**
 * An example made from the schema when the contract gives none (JSON media only; a stream's schema
 * describes one event of many, so a single generated value would mislead and none is made).
 */
function generated(
  schema: unknown,
  mediaType: string,
  direction: Direction,
  context: OperationContext,
  bound: ReadonlyMap<string, unknown>,
): ExampleModel[] {
  const value = exampleGenerator(context.resolver).generateWith(schema, mediaType, direction, bound);
  return value === undefined ? [] : [{ name: 'Example', label: 'Example', summary: '', value, generated: true }];
}

/**
 * The contract's examples of a body: the media's `example`, its `examples`, else the schema's own
 * object-level `example` (shown here, pretty-printed, rather than inline under the properties).
 * Each has one label: its summary, else its name in words (`firstTen` → "First ten").
 */
function examples(entry: Record<string, unknown>, context: OperationContext): ExampleModel[] {
  const single = (value: unknown): ExampleModel[] => [
    { name: 'Example', label: 'Example', summary: '', value: exampleText(value), generated: false },
  ];
  if (entry.example !== undefined) return single(entry.example);
  const listed = Object.entries(asRecord(entry.examples)).flatMap(([name, value]): ExampleModel[] => {
    const example = context.resolver.follow(value)?.value;
    if (!example) return [];
    const shown =
      example.value !== undefined
        ? exampleText(example.value)
        : typeof example.externalValue === 'string'
          ? `(at ${example.externalValue})`
          : '';
    const summary = context.text.plain(example.summary);
    return [{ name, label: summary || readable(name), summary, value: shown, generated: false }];
  });
  if (listed.length > 0) return listed;
  const own = schemaExample(entry.schema, context.resolver);
  return own === undefined ? [] : single(own);
}

function responses(written: unknown, context: OperationContext, bound: ReadonlyMap<string, unknown>): ResponseModel[] {
  return Object.entries(asRecord(written)).flatMap(([status, value]) => {
    if (status.startsWith('x-')) return [];
    const response = context.resolver.follow(value)?.value ?? {};
    return [
      {
        status,
        description: context.text.render(response.description),
        headers: headers(response.headers, context),
        // Only a success body is the resource the path names; an error body's `id` is something else.
        contents: media(response.content, 'response', context, /^2/.test(status) ? bound : new Map()),
        links: Object.entries(asRecord(response.links)).map(([name, link]) => {
          const target =
            asString(context.resolver.follow(link)?.value.operationId) ||
            asString(context.resolver.follow(link)?.value.operationRef);
          return { name, target, href: context.operationHref(target) };
        }),
      },
    ];
  });
}

function headers(written: unknown, context: OperationContext): HeaderModel[] {
  return Object.entries(asRecord(written)).map(([name, value]) => {
    const header = context.resolver.follow(value)?.value ?? {};
    return {
      name,
      required: header.required === true,
      description: context.text.render(header.description),
      schema: header.schema === undefined ? undefined : schemaModel(header.schema, context),
    };
  });
}

function callbacks(written: unknown, parent: OperationSource, context: OperationContext): OperationModel['callbacks'] {
  return Object.entries(asRecord(written)).map(([name, value]) => {
    const callback = context.resolver.follow(value)?.value ?? {};
    const operations: OperationModel[] = [];
    for (const [expression, item] of Object.entries(callback)) {
      const pathItem = context.resolver.follow(item)?.value;
      if (!pathItem) continue;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (!isRecord(operation)) continue;
        operations.push(
          operationModel(
            {
              id: `${parent.id}-callback-${name}-${method}`.replace(/\s+/g, '-'),
              kind: 'callback',
              method,
              path: expression,
              pathItem,
              operation,
            },
            context,
          ),
        );
      }
    }
    return { name, operations };
  });
}

export function securityRequirements(written: unknown): SecurityRequirementModel[] {
  if (!Array.isArray(written)) return [];
  return written.filter(isRecord).map((requirement) => ({
    schemes: Object.entries(requirement).map(([name, scopes]) => ({ name, scopes: strings(scopes) })),
  }));
}

/** Scopes of every way to call the operation, plus the `x-roles` extension some contracts spell them in. */
function roles(security: readonly SecurityRequirementModel[], operation: Record<string, unknown>): string[] {
  const all = new Set<string>();
  for (const requirement of security)
    for (const scheme of requirement.schemes) for (const scope of scheme.scopes) all.add(scope);
  for (const role of strings(operation['x-roles'])) all.add(role);
  return [...all];
}
