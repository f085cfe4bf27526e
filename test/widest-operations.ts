import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodePointer, getAtPointer, isRecord } from '../generator/sources/pointer.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An operation scored by how much its parameter list has to fit in the text pane. */
export interface Widest {
  operationId: string;
  parameters: number;
  /** The longest name plus type written on one parameter's or top-level body property's line, in characters. */
  longest: number;
}

/** A local `$ref` followed (at most a few hops: a contract may chain them), anything else as written. */
function follow(document: unknown, value: unknown): Record<string, unknown> | undefined {
  let current = value;
  for (let hops = 0; hops < 8 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    const segments = current.$ref.startsWith('#') ? decodePointer(current.$ref) : undefined;
    current = segments ? getAtPointer(document, segments) : undefined;
  }
  return isRecord(current) ? current : undefined;
}

/** The type as a parameter's line shows it: the named schema, else type and format (2.0 writes them on the parameter). */
function typeText(written: unknown, resolved: Record<string, unknown> | undefined): string {
  if (isRecord(written) && typeof written.$ref === 'string') return written.$ref.split('/').pop() ?? '';
  const type = Array.isArray(resolved?.type) ? resolved.type.join(' | ') : String(resolved?.type ?? '');
  return resolved?.format ? `${type}<${String(resolved.format)}>` : type;
}

/**
 * Every operation with an operationId in `document`, scored from the document alone: its parameters
 * (the path item's and its own, `$ref`s followed) and its JSON request body's top-level properties.
 */
export function scoreOperations(document: Record<string, unknown>): Widest[] {
  const scored: Widest[] = [];
  for (const item of Object.values(isRecord(document.paths) ? document.paths : {})) {
    const pathItem = follow(document, item);
    if (!pathItem) continue;
    for (const method of METHODS) {
      const operation = follow(document, pathItem[method]);
      if (!operation || typeof operation.operationId !== 'string') continue;
      const lines: number[] = [];
      const parameters = [pathItem.parameters, operation.parameters].flatMap((l) => (Array.isArray(l) ? l : []));
      for (const written of parameters) {
        const parameter = follow(document, written);
        if (!parameter) continue;
        const schema = isRecord(parameter.schema) ? parameter.schema : parameter;
        lines.push(String(parameter.name ?? '').length + typeText(schema, follow(document, schema)).length);
      }
      const body = follow(document, follow(document, operation.requestBody)?.content);
      const bodySchema = follow(document, follow(document, body?.['application/json'])?.schema);
      for (const [name, property] of Object.entries(isRecord(bodySchema?.properties) ? bodySchema.properties : {}))
        lines.push(name.length + typeText(property, follow(document, property)).length);
      scored.push({
        operationId: operation.operationId,
        parameters: parameters.length,
        longest: Math.max(0, ...lines),
      });
    }
  }
  return scored;
}

/**
 * The `count` widest: half by the most parameters, half by the longest line (name and type), each
 * ranking's ties broken by the other and then by id, so the pick is the same on every run.
 */
export function widest(scored: readonly Widest[], count: number): Widest[] {
  const byCount = [...scored].sort(
    (a, b) => b.parameters - a.parameters || b.longest - a.longest || a.operationId.localeCompare(b.operationId),
  );
  const byLength = [...scored].sort(
    (a, b) => b.longest - a.longest || b.parameters - a.parameters || a.operationId.localeCompare(b.operationId),
  );
  const picked = new Map<string, Widest>();
  for (let i = 0; i < scored.length && picked.size < count; i++) {
    for (const list of [byCount, byLength]) {
      const next = list[i];
      if (next && picked.size < count) picked.set(next.operationId, next);
    }
  }
  return [...picked.values()];
}

/** Where each operation of the built API `route` is: its page's route, by operationId, from the built pages. */
export async function operationPages(site: string, route: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const walk = async (dir: string, path: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${path}${entry.name}/`);
      else if (entry.name === 'index.html') {
        const html = await readFile(join(dir, entry.name), 'utf8');
        for (const match of html.matchAll(/<section class="api-operation[^"]*" id="([^"]+)"/g))
          if (!pages.has(match[1] as string)) pages.set(match[1] as string, path);
      }
    }
  };
  await walk(join(site, route), `/${route}/`);
  return pages;
}

/**
 * `document` with only the operations `keep` names, and only the components they reach: a site of
 * the widest operations of a 13 MB document builds in seconds, and renders them as the whole would.
 */
export function trimmedTo(document: Record<string, unknown>, keep: ReadonlySet<string>): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(isRecord(document.paths) ? document.paths : {})) {
    const pathItem = follow(document, item);
    if (!pathItem) continue;
    const methods = METHODS.filter((m) => keep.has(String(follow(document, pathItem[m])?.operationId)));
    if (methods.length === 0) continue;
    paths[path] = Object.fromEntries(
      Object.entries(pathItem).filter(([key]) => !METHODS.includes(key) || methods.includes(key)),
    );
  }
  // Every local `$ref` reached from the kept paths, followed to what it reaches in turn.
  const reached = new Set<string>();
  const stack: unknown[] = [paths];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node)) {
      const ref = node.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/') && !reached.has(ref)) {
        reached.add(ref);
        const segments = decodePointer(ref);
        if (segments) stack.push(getAtPointer(document, segments));
      }
      stack.push(...Object.values(node));
    }
  }
  const kept = (section: unknown, prefix: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(isRecord(section) ? section : {}).filter(([name]) =>
        [...reached].some((ref) => ref === `${prefix}${name}` || ref.startsWith(`${prefix}${name}/`)),
      ),
    );
  const components = isRecord(document.components) ? document.components : undefined;
  return {
    ...document,
    paths,
    ...(components
      ? {
          components: Object.fromEntries(
            // Security schemes are named by requirements, not reached by `$ref`: all are kept.
            Object.entries(components).map(([kind, section]) => [
              kind,
              kind === 'securitySchemes' ? section : kept(section, `#/components/${kind}/`),
            ]),
          ),
        }
      : {}),
    ...(isRecord(document.definitions) ? { definitions: kept(document.definitions, '#/definitions/') } : {}),
    ...(isRecord(document.parameters) ? { parameters: kept(document.parameters, '#/parameters/') } : {}),
    ...(isRecord(document.responses) ? { responses: kept(document.responses, '#/responses/') } : {}),
    ...(isRecord(document.webhooks) ? { webhooks: {} } : {}),
  };
}
