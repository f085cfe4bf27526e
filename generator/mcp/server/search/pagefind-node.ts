import { readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGEFIND_OPTIONS, type Engine, type EngineResult } from '../../../../templates/search/rank/engine.js';
import { isWithin } from '../../../sources/project-path.js';

/** The origin Pagefind is told its files are under: no host answers it, and only this process's `fetch` reads it. */
const ORIGIN = 'http://specsite-search.invalid';

/** The folders each open index reads, by the number in its URLs. */
const folders = new Map<number, string>();
let opened = 0;
let installed = false;

interface PagefindModule {
  createInstance(options: Record<string, unknown>): {
    init(): Promise<void>;
    search(term: string, options: { filters: Record<string, string> }): Promise<{ results: EngineResult[] } | null>;
    destroy(): Promise<void>;
  };
}

/**
 * A built site's Pagefind index, searched in Node with the script the build published beside it
 * (the same script and index the search dialog uses, so both rank alike). Pagefind reads its files
 * with `fetch`: this process's `fetch` answers its URLs from the index's folder, and any other URL as before.
 */
export async function openPagefindIndex(folder: string): Promise<Engine & { close(): Promise<void> }> {
  install();
  const number = ++opened;
  const root = await realpath(folder);
  folders.set(number, root);
  // A module of its own per index: a rebuilt site's script is read afresh.
  const module = (await import(`${pathToFileURL(join(root, 'pagefind.js')).href}?index=${number}`)) as PagefindModule;
  const instance = module.createInstance({ ...PAGEFIND_OPTIONS, basePath: `${ORIGIN}/${number}/`, baseUrl: '/' });
  await instance.init();
  return {
    search: async (text, filters) => (await instance.search(text, { filters }))?.results ?? [],
    close: async () => {
      folders.delete(number);
      await instance.destroy().catch(() => undefined);
    },
  };
}

function install(): void {
  if (installed) return;
  installed = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const match = url.startsWith(`${ORIGIN}/`) ? /^\/(\d+)\/([^?#]*)/.exec(url.slice(ORIGIN.length)) : null;
    if (!match) return original(input, init);
    const root = folders.get(Number(match[1]));
    const path = root === undefined ? undefined : resolve(root, decodeURIComponent(match[2] ?? ''));
    if (root === undefined || path === undefined || !isWithin(root, path)) return new Response(null, { status: 404 });
    try {
      return new Response(await readFile(path));
    } catch {
      return new Response(null, { status: 404 });
    }
  };
}
