import { join, relative, resolve } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';

/** Where the client's script files are, under the site. */
export const JS_DIR = 'assets/js';

/** The module an API page loads as it opens (templates/client/api-lazy.ts imports it). */
const API_CHUNK = 'templates/client/api-behaviours.ts';

export interface ScriptBundle {
  /** The entry every page loads. */
  js: string;
  /** The other script files by file name: the chunks the entry imports, and those loaded when first needed. */
  chunks: Record<string, string>;
  /** The chunks the entry imports as it loads (esbuild's shared chunks): they load with every page. */
  atLoad: string[];
  /** The chunks an API page loads as it opens, besides `atLoad`: the reference's behaviours. */
  apiLoad: string[];
}

/**
 * The page's script as ES modules: the entry (templates/client/main.tsx), and a chunk per `import()`
 * that a page loads only when it first needs it (the search dialog, the API reference's behaviours,
 * the progress bar), plus the chunks these share with the entry (Preact). Chunks are named
 * `<module>-<hash>.js`, esbuild's hash of their content, and imported by relative URL: the entry's
 * origin and folder, which the pages' `script-src 'self'` allows.
 */
export async function bundleScript(
  options: Pick<BuildOptions, 'absWorkingDir' | 'alias'> & Omit<BuildOptions, 'entryPoints' | 'outdir'>,
): Promise<ScriptBundle> {
  const { build } = await import('esbuild');
  const root = options.absWorkingDir ?? process.cwd();
  const outdir = join(root, JS_DIR);
  const result = await build({
    ...options,
    entryPoints: { main: join(root, 'templates/client/main.tsx') },
    format: 'esm',
    splitting: true,
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    metafile: true,
    target: ['es2020'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  const name = (path: string): string => relative(outdir, resolve(root, path)).split('\\').join('/');
  const texts = new Map((result.outputFiles ?? []).map((file) => [name(file.path), file.text]));
  const entry = texts.get('main.js') ?? '';
  texts.delete('main.js');
  const outputs = result.metafile.outputs;
  const output = (test: (path: string, meta: Metafile['outputs'][string]) => boolean): string =>
    Object.keys(outputs).find((path) => test(path, outputs[path] as Metafile['outputs'][string])) ?? '';
  const atLoad = staticImports(
    outputs,
    output((path) => name(path) === 'main.js'),
  );
  const api = output((_, meta) => meta.entryPoint === API_CHUNK);
  const apiLoad = new Set([api, ...staticImports(outputs, api)].filter((path) => path && !atLoad.has(path)));
  const names = (paths: Iterable<string>): string[] => [...paths].map(name).sort();
  const chunks = Object.fromEntries([...texts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { js: entry, chunks, atLoad: names(atLoad), apiLoad: names(apiLoad) };
}

/** The outputs `from` imports statically, and those they import in turn: what loads with it. */
function staticImports(outputs: Metafile['outputs'], from: string): Set<string> {
  const found = new Set<string>();
  const visit = (path: string): void => {
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || found.has(imported.path)) continue;
      found.add(imported.path);
      visit(imported.path);
    }
  };
  visit(from);
  return found;
}
