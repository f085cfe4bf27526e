import { createRequire } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import type { Config } from '@redocly/openapi-core';
import { readProjectRef, refuseFetch } from '../contracts/project-refs.js';
import { isRecord } from '../sources/pointer.js';
import type { Project } from '../sources/project-path.js';
import { safeDecode } from '../sources/safe-decode.js';

type RedoclyCore = typeof import('@redocly/openapi-core');

/** The `@redocly/openapi-core` that openapi-typescript itself loads, so that its classes are the ones it knows. */
function redoclyCore(): RedoclyCore {
  const fromTypeGenerator = createRequire(createRequire(import.meta.url).resolve('openapi-typescript'));
  return fromTypeGenerator('@redocly/openapi-core') as RedoclyCore;
}

/**
 * The type generator's Redocly config, as openapi-typescript makes it by default, but that it fetches
 * nothing: every URL a `$ref` names is refused.
 */
export async function typeGeneratorConfig(): Promise<Config> {
  const core = redoclyCore();
  // Examples make no types: their `$ref`s are left alone.
  const config = await core.createConfig(
    { rules: { 'operation-operationId-unique': { severity: 'error' } }, resolve: { doNotResolveExamples: true } },
    { extends: ['minimal'] },
  );
  config.resolve.http.customFetch = refuseFetch;
  return config;
}

/**
 * `document` (written at `path`) with every external `$ref` brought inside it, by Redocly's bundler as
 * openapi-typescript would (so the types name components as before), but reading through the
 * project's reader: files inside `project` only, nothing remote. A document without external refs is
 * returned as it is, and openapi-typescript then has nothing to read.
 */
export async function bundleForTypes(
  written: Record<string, unknown>,
  path: string,
  project: Project,
  config: Config,
): Promise<Record<string, unknown>> {
  // Its bundler leaves a root's ref to its own file as written, which the type generator then reads from the working folder.
  const own = refsToOwnFile(written, path);
  if (own) written = own;
  const found = externals(written);
  // Redocly reads an Example's `externalValue` as it would a `$ref`; it makes no types, so it goes.
  if (!found.ref) return found.externalValue ? withoutExternalValues(written) : written;
  // Its bundler writes into the document it is given: the contract's own stays as parsed.
  const document = found.externalValue ? withoutExternalValues(written) : (own ?? structuredClone(written));
  const core = redoclyCore();
  class ProjectResolver extends core.BaseResolver {
    override async loadExternalRef(absoluteRef: string): Promise<InstanceType<RedoclyCore['Source']>> {
      // Redocly resolves a relative file against the referencing file's path, unencoded; anything with a scheme is a URL.
      const local = /^[a-z][a-z0-9+.-]+:/i.test(absoluteRef) ? undefined : absoluteRef;
      try {
        const body = await readProjectRef(project, absoluteRef, local);
        return new core.Source(absoluteRef, body.toString('utf8').replace(/\r\n/g, '\n'));
      } catch (error) {
        throw new core.ResolveError(error as Error);
      }
    }
  }
  const source = new core.Source(path, JSON.stringify(document), 'application/json');
  const root = { source, parsed: document };
  const resolver = new ProjectResolver(config.resolve);
  // A `$ref` naming the root's own file (`openapi.yaml#/…`, or `../openapi.yaml#/…` from another file) is
  // the root itself: read again, it would be a second copy of each schema, named apart (`schemas-Owner`).
  resolver.cache.set(path, Promise.resolve(root));
  const bundled = await core.bundle({
    doc: root,
    config,
    externalRefResolver: resolver,
    dereference: false,
  });
  const failure = bundled.problems.find((problem) => problem.severity === 'error');
  if (failure)
    throw new Error(`${failure.message}${failure.location[0]?.pointer ? ` at ${failure.location[0].pointer}` : ''}`);
  return bundled.bundle.parsed as Record<string, unknown>;
}

/** Whether any `$ref` of the document names something outside it, and whether any object has a string `externalValue`. */
function externals(document: unknown): { ref: boolean; externalValue: boolean } {
  const found = { ref: false, externalValue: false };
  const stack: unknown[] = [document];
  while (stack.length > 0 && !(found.ref && found.externalValue)) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) found.ref = true;
      if (typeof node.externalValue === 'string') found.externalValue = true;
      for (const key in node) {
        const value = node[key];
        if (typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return found;
}

/**
 * A copy of the document in which each `$ref` naming its own file (written at `path`) is internal:
 * `openapi.yaml#/components/schemas/Owner` becomes `#/components/schemas/Owner`. Undefined when none does.
 */
function refsToOwnFile(document: Record<string, unknown>, path: string): Record<string, unknown> | undefined {
  const own = (ref: string): boolean => {
    const url = ref.slice(0, ref.indexOf('#') === -1 ? ref.length : ref.indexOf('#'));
    if (url === '' || /^[a-z][a-z0-9+.-]+:/i.test(url) || url.startsWith('//')) return false;
    return resolvePath(dirname(path), safeDecode(url, decodeURI)) === path;
  };
  const internal = (ref: string): string => (ref.includes('#') ? ref.slice(ref.indexOf('#')) : '#');
  let copy: Record<string, unknown> | undefined;
  const stack: unknown[] = [document];
  // Found first, copied only then: most documents have none.
  while (stack.length > 0 && !copy) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node.filter((item) => typeof item === 'object' && item !== null));
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && own(node.$ref)) copy = structuredClone(document);
      for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  if (!copy) return undefined;
  stack.push(copy);
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node.filter((item) => typeof item === 'object' && item !== null));
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && own(node.$ref)) node.$ref = internal(node.$ref);
      for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return copy;
}

/** A copy of the document without any string `externalValue`. */
function withoutExternalValues(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node.filter((item) => typeof item === 'object' && item !== null));
    else if (isRecord(node)) {
      if (typeof node.externalValue === 'string') delete node.externalValue;
      for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return copy;
}
