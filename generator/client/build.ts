import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BuildCache } from '../cache/store.js';

/** The project's own `templates/` folder (source files, not the transpiled copies in dist/). */
const TEMPLATES = fileURLToPath(new URL('../../../templates/', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The client renders the same React components as the server, on Preact's React-compatible runtime:
 * React 19's own browser runtime is 69 KB gzip by itself, more than the whole 60 KB budget of a docs
 * page, while preact/compat is about 7 KB.
 */
const REACT_ON_PREACT = { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' };

export interface ClientAssets {
  /** Site path (no base URL) → bytes. */
  files: Map<string, string>;
  /** Paths (no base URL) of the script and the stylesheet. */
  js: string;
  css: string;
  /** Sizes of the script every page loads: the JavaScript weight of a page. */
  jsBytes: number;
  jsGzipBytes: number;
}

/**
 * Bundles the client script and the stylesheet with esbuild. Names carry a hash of the content, so
 * browsers may cache them forever and two builds of the same sources give the same names.
 */
export async function buildClient(cache: BuildCache = BuildCache.disabled()): Promise<ClientAssets> {
  // The bundles are made from templates/ (read here, as it is now: `specsite dev` rebuilds on a
  // change to it) and installed packages, which the code fingerprint covers.
  const key = cache.key('client', ...(await templateFiles()));
  const cached = await cache.get<{ js: string; css: string }>('client', key);
  const { js, css } = cached ?? (await bundleClient());
  if (!cached) await cache.set('client', key, { js, css });
  const jsPath = `assets/js/main.${hash(js)}.js`;
  const cssPath = `assets/css/site.${hash(css)}.css`;
  return { files: new Map([[jsPath, js], [cssPath, css]]), js: jsPath, css: cssPath, jsBytes: Buffer.byteLength(js), jsGzipBytes: gzipSync(js, { level: 9 }).length };
}

async function bundleClient(): Promise<{ js: string; css: string }> {
  const [js, css] = await Promise.all([
    bundle(`${TEMPLATES}client/main.tsx`, { format: 'iife', target: ['es2020'], jsx: 'automatic', alias: REACT_ON_PREACT, define: { 'process.env.NODE_ENV': '"production"' } }),
    bundle(`${TEMPLATES}styles/site.css`, {}),
  ]);
  return { js, css };
}

type BundleOptions = Pick<NonNullable<Parameters<typeof import('esbuild').build>[0]>, 'format' | 'target' | 'jsx' | 'alias' | 'define'>;

async function bundle(entry: string, options: BundleOptions): Promise<string> {
  // esbuild starts a service process when loaded: only worth it when the bundles are not cached.
  const { build } = await import('esbuild');
  // esbuild resolves aliased packages (preact) from its working folder: the package's own, not the user's project.
  const result = await build({ absWorkingDir: PACKAGE_ROOT, entryPoints: [entry], bundle: true, minify: true, write: false, legalComments: 'none', logLevel: 'silent', charset: 'utf8', ...options });
  return result.outputFiles[0]?.text ?? '';
}

/** Every file under templates/ with its content hash, in a stable order. */
async function templateFiles(): Promise<string[]> {
  const names = (await readdir(TEMPLATES, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  return Promise.all(names.sort().map(async (name) => `${name}\0${createHash('sha256').update(await readFile(name)).digest('hex')}`));
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}
