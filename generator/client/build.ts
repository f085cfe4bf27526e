import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BuildCache } from '../cache/store.js';
import { stepKey } from '../cache/step-key.js';
import { bundleScript, JS_DIR, type ScriptBundle } from './script-bundle.js';

/** The project's own `templates/` folder (source files, not the transpiled copies in dist/). */
export const TEMPLATES = fileURLToPath(new URL('../../../templates/', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The bundles `npm run compile` made of templates/ as they were then (see `prebuildClient`). */
const PREBUILT = fileURLToPath(new URL('../../client-bundles.json', import.meta.url));

/**
 * The client renders the same React components as the server, on Preact's React-compatible runtime:
 * React 19's own browser runtime is 69 KB gzip by itself, more than the whole 60 KB budget of a docs
 * page, while preact/compat is about 7 KB.
 */
const REACT_ON_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

export interface ClientAssets {
  /** Site path (no base URL) → bytes. */
  files: Map<string, string>;
  /** Paths (no base URL) of the script (the entry every page loads, an ES module) and the stylesheet. */
  js: string;
  css: string;
  /** The head script's code, inlined in every page (`templates/client/head.ts`). */
  headScript: string;
  /**
   * Sizes of the JavaScript a docs page loads at once (the entry and the chunks it imports): the
   * JavaScript weight of a page. The chunks loaded only when first needed are not in it.
   */
  jsBytes: number;
  jsGzipBytes: number;
  /** What a docs page and an API page load at once (an API page adds the reference's chunk). */
  load: { doc: ScriptLoad; api: ScriptLoad };
}

/** Script files a page loads as it opens: their site paths, bytes, and gzipped bytes (each file by itself). */
export interface ScriptLoad {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

/**
 * Bundles the client script and the stylesheet with esbuild. Names carry a hash of the content, so
 * browsers may cache them forever and two builds of the same sources give the same names.
 */
export async function buildClient(
  cache: BuildCache = BuildCache.disabled(),
  options: { blog?: boolean } = {},
): Promise<ClientAssets> {
  // The bundles are made from templates/ (read here, as it is now: `specsite dev` rebuilds on a
  // change to it) and installed packages, which the code fingerprint covers.
  const templates = await templateFiles();
  const key = stepKey(cache, 'client', { templates: templatesKey(templates) });
  const stored = await cache.get<Partial<Bundles>>('client', key);
  const cached = (isBundles(stored) ? stored : undefined) ?? (await prebuiltClient(templates));
  const bundles = cached ?? (await bundleClient());
  if (!cached) await cache.set('client', key, bundles);
  const { js, head, chunks, atLoad, apiLoad } = bundles;
  // A site with a blog gets the blog's styles in its one stylesheet; any other site's is as it was.
  const css = options.blog ? bundles.blogCss : bundles.css;
  // The chunks' names carry esbuild's hash of their content, and the entry names them: its hash covers theirs.
  const jsPath = `${JS_DIR}/main.${hash(js)}.js`;
  const cssPath = `assets/css/site.${hash(css)}.css`;
  const scriptLoad = (names: string[]): ScriptLoad => {
    const texts = [js, ...names.map((name) => chunks[name] ?? '')];
    return {
      files: [jsPath, ...names.map((name) => `${JS_DIR}/${name}`)],
      bytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
      // Each file is a response of its own, compressed by itself.
      gzipBytes: texts.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0),
    };
  };
  const load = { doc: scriptLoad(atLoad), api: scriptLoad([...atLoad, ...apiLoad]) };
  return {
    files: new Map([
      [jsPath, js],
      ...Object.entries(chunks).map(([name, text]): [string, string] => [`${JS_DIR}/${name}`, text]),
      [cssPath, css],
    ]),
    js: jsPath,
    css: cssPath,
    headScript: head,
    jsBytes: load.doc.bytes,
    jsGzipBytes: load.doc.gzipBytes,
    load,
  };
}

interface Bundles extends ScriptBundle {
  css: string;
  /** The stylesheet of a site with a blog: `css` and the blog's styles. */
  blogCss: string;
  /** The head script, inlined in every page rather than loaded: it must run before first paint. */
  head: string;
}

/** What `prebuildClient` writes: the bundles, and the templates (by path under templates/ and hash) they were made from. */
interface PrebuiltBundles extends Bundles {
  templates: string[];
}

/**
 * Bundles the client once when specsite itself is compiled (`npm ci`, `npm run compile`), into
 * dist/: the client is specsite's own code, the same for every site, and esbuild (a service
 * process) costs a cold build about 0.15 s. A build uses these bundles while templates/ is as it
 * was then, and bundles again otherwise (`specsite dev` after an edit to a template).
 */
export async function prebuildClient(file: string = PREBUILT): Promise<void> {
  const templates = await templateFiles();
  const prebuilt: PrebuiltBundles = { templates: templatesKey(templates), ...(await bundleClient()) };
  await writeFile(file, `${JSON.stringify(prebuilt)}\n`);
}

/** The bundles made at compile time, if they were made from templates/ as it is now. */
export async function prebuiltClient(
  templates: readonly TemplateFile[],
  file: string = PREBUILT,
): Promise<Bundles | undefined> {
  let prebuilt: Partial<PrebuiltBundles>;
  try {
    prebuilt = JSON.parse(await readFile(file, 'utf8')) as Partial<PrebuiltBundles>;
  } catch {
    return undefined;
  }
  const key = templatesKey(templates);
  const same =
    Array.isArray(prebuilt.templates) &&
    prebuilt.templates.length === key.length &&
    key.every((entry, i) => prebuilt.templates?.[i] === entry);
  return same && isBundles(prebuilt)
    ? {
        js: prebuilt.js,
        chunks: prebuilt.chunks,
        atLoad: prebuilt.atLoad,
        apiLoad: prebuilt.apiLoad,
        css: prebuilt.css,
        blogCss: prebuilt.blogCss,
        head: prebuilt.head,
      }
    : undefined;
}

/** Bundles as stored by this version of specsite (an older one stored fewer). */
function isBundles(value: Partial<Bundles> | undefined): value is Bundles {
  return (
    typeof value?.js === 'string' &&
    typeof value.chunks === 'object' &&
    value.chunks !== null &&
    Object.values(value.chunks).every((text) => typeof text === 'string') &&
    [value.atLoad, value.apiLoad].every(
      (names) => Array.isArray(names) && names.every((name) => typeof value.chunks?.[name] === 'string'),
    ) &&
    typeof value.css === 'string' &&
    typeof value.blogCss === 'string' &&
    typeof value.head === 'string'
  );
}

/**
 * One hash of templates/ as it is now. A build's client is the bundles `npm run compile` made while
 * templates/ is as it was then, and a bundle of what it holds otherwise: with specsite's own code,
 * this decides the client a build makes.
 */
export async function templatesFingerprint(dir: string = TEMPLATES): Promise<string> {
  return createHash('sha256')
    .update(templatesKey(await templateFiles(dir), dir).join('\n'))
    .digest('hex');
}

/** The templates by path relative to templates/ and hash, so that the key holds wherever specsite is installed. */
function templatesKey(templates: readonly TemplateFile[], dir: string = TEMPLATES): string[] {
  return templates.map(({ path, hash }) => `${relative(dir, path).split('\\').join('/')}\0${hash}`);
}

/**
 * The head script as a build made now writes it: the prebuilt one while templates/ is unchanged,
 * else esbuild's. The servers allow this code, and no other inline script, in a page's CSP.
 */
export async function currentHeadScript(): Promise<string> {
  const prebuilt = await prebuiltClient(await templateFiles());
  return prebuilt?.head ?? (await bundleHead());
}

function bundleHead(): Promise<string> {
  // Inline code in <head>: no module wrapper to spare, and it runs before anything else. esbuild
  // ends a bundle with a line break, which the page's markup does not need.
  return bundle(`${TEMPLATES}client/head.ts`, { format: 'iife', target: ['es2017'] }).then((code) => code.trimEnd());
}

/** esbuild's bundles of templates/ as it is now. */
export async function bundleClient(): Promise<Bundles> {
  const [script, css, blogCss, head] = await Promise.all([
    bundleScript({ ...BUNDLE_DEFAULTS, absWorkingDir: PACKAGE_ROOT, alias: REACT_ON_PREACT }),
    bundle(`${TEMPLATES}styles/site.css`, {}),
    bundle(`${TEMPLATES}styles/site-with-blog.css`, {}),
    bundleHead(),
  ]);
  return { ...script, css, blogCss, head };
}

/** What every bundle shares: minified, in memory, no comments kept, UTF-8 as it is. */
export const BUNDLE_DEFAULTS = {
  bundle: true,
  minify: true,
  write: false,
  legalComments: 'none',
  logLevel: 'silent',
  charset: 'utf8',
} as const;

type BundleOptions = Pick<
  NonNullable<Parameters<typeof import('esbuild').build>[0]>,
  'format' | 'target' | 'jsx' | 'alias' | 'define'
>;

async function bundle(entry: string, options: BundleOptions): Promise<string> {
  // esbuild starts a service process when loaded: only worth it when the bundles are not cached.
  const { build } = await import('esbuild');
  // esbuild resolves aliased packages (preact) from its working folder: the package's own, not the user's project.
  const result = await build({
    ...BUNDLE_DEFAULTS,
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: [entry],
    ...options,
  });
  return result.outputFiles[0]?.text ?? '';
}

export interface TemplateFile {
  path: string;
  /** sha256 of the content. */
  hash: string;
}

/**
 * Every file under templates/ (or `dir`) with its content hash, in a stable order. Synchronous: a
 * build hashes them up to three times (its start, the check that the output is current, the client),
 * files the kernel has in memory, where each asynchronous read waited its turn in libuv's pool.
 */
export async function templateFiles(dir: string = TEMPLATES): Promise<TemplateFile[]> {
  const names = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  return names.sort().map((path) => ({ path, hash: createHash('sha256').update(readFileSync(path)).digest('hex') }));
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}
