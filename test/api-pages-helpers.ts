import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type BuildResult } from '../generator/commands/build.js';
import { tempDir } from './helpers.js';
import { Page } from './html.js';

export interface BuiltApis {
  dir: string;
  result: BuildResult;
  /** The built site's folder. */
  site: string;
}

/** A site of nothing but the given APIs (id → document), each written as JSON, built without strict mode. */
export async function buildApis(
  prefix: string,
  apis: Record<string, unknown>,
  splitAbove?: number,
): Promise<BuiltApis> {
  const dir = await tempDir(prefix);
  await mkdir(join(dir, 'openapi'));
  for (const [id, document] of Object.entries(apis))
    await writeFile(join(dir, `openapi/${id}.json`), JSON.stringify(document));
  const config = [
    'title: Pages',
    ...(splitAbove === undefined ? [] : [`apiPages: { splitAbove: ${splitAbove} }`]),
    'apis:',
    ...Object.keys(apis).map((id) => `  - { id: ${id}, spec: openapi/${id}.json }`),
  ];
  await writeFile(join(dir, 'site-config.yaml'), `${config.join('\n')}\n`);
  const out = join(dir, 'out');
  const result = await build({ config: join(dir, 'site-config.yaml'), out, strict: false });
  return { dir, result, site: join(out, 'site') };
}

export function readPage(site: string, route: string): Promise<Page> {
  return Page.read(join(site, route, 'index.html'));
}

/** The folders below an API's route, each a page (the downloads and `index.html` aside). */
export async function subpages(site: string, route: string): Promise<string[]> {
  const entries = await readdir(join(site, route), { withFileTypes: true });
  // `_parts/` holds the fragments of long pages, not a page.
  return entries
    .filter((e) => e.isDirectory() && e.name !== '_parts')
    .map((e) => e.name)
    .sort();
}

/** Size in bytes of each page below `route` (its own included, as `.`). */
export async function pageSizes(site: string, route: string): Promise<Map<string, number>> {
  const sizes = new Map([['.', (await stat(join(site, route, 'index.html'))).size]]);
  for (const sub of await subpages(site, route))
    for (const file of await readdir(join(site, route, sub), { recursive: true }))
      if (file.endsWith('index.html')) sizes.set(join(sub, file), (await stat(join(site, route, sub, file))).size);
  return sizes;
}

/** An operation as Stripe writes them: no tags, an HTML description, a few parameters and a JSON response. */
export function untaggedOperation(operationId: string | undefined, summary: string): Record<string, unknown> {
  return {
    ...(operationId ? { operationId } : {}),
    summary,
    description: `<p>${summary}. Returns the object if the call succeeded, and an error otherwise.</p>`,
    parameters: [
      {
        name: 'expand',
        in: 'query',
        description: 'Fields to expand.',
        schema: { type: 'array', items: { type: 'string' } },
      },
      { name: 'limit', in: 'query', description: 'How many to list.', schema: { type: 'integer', minimum: 1 } },
    ],
    responses: {
      '200': {
        description: 'Successful response.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/object' } } },
      },
    },
  };
}

/** Declares every `{name}` of every path as a path parameter of its path item, as the checks want. */
export function declarePathParams(document: Record<string, unknown>): Record<string, unknown> {
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    item.parameters = names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  }
  return document;
}

/** `count` resources under `/v1/…`, each with list, create, retrieve, update, delete and one nested list. */
export function stripeLike(count: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let r = 0; r < count; r++) {
    const name = `resource_${String.fromCharCode(97 + (r % 26))}${Math.floor(r / 26)}`;
    const id = `{${name}}`;
    paths[`/v1/${name}`] = {
      get: untaggedOperation(`Get${r}List`, `List ${name}`),
      post: untaggedOperation(`Post${r}`, `Create a ${name}`),
    };
    paths[`/v1/${name}/${id}`] = {
      get: untaggedOperation(`Get${r}`, `Retrieve a ${name}`),
      post: untaggedOperation(undefined, `Update a ${name}`),
      delete: untaggedOperation(`Delete${r}`, `Delete a ${name}`),
    };
    paths[`/v1/${name}/${id}/lines`] = { get: untaggedOperation(`Get${r}Lines`, `List the lines of a ${name}`) };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Stripe-like', version: '2024-06-20' },
    servers: [{ url: 'https://api.example.com/' }],
    paths,
    components: { schemas: { object: { type: 'object', properties: { id: { type: 'string' } } } } },
  };
}

/** Every reference page of API `id` in the built output `out`, but its changelog: route → its HTML. */
export async function referencePages(out: string, id: string): Promise<Map<string, string>> {
  const root = join(out, 'site/api', id);
  const pages = new Map<string, string>();
  for (const file of await readdir(root, { recursive: true }))
    if (file.endsWith('index.html') && !file.startsWith('changelog'))
      pages.set(`/api/${id}/${file.replace(/index\.html$/, '')}`, await readFile(join(root, file), 'utf8'));
  return pages;
}
