import { SEARCH_FOLDER } from '../../templates/search/paths.js';
import { PagefindError } from './pagefind.js';

/**
 * Pagefind's own search interfaces (the site has its dialog) and its worker (the dialog searches
 * in the page): never published.
 */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight|worker)\.(js|css)$/;
/** A file name Pagefind writes: `pagefind.js`, `index/en_1a2b3c4.pf_index`… */
const BUNDLE_PATH = /^[\w-][\w.-]*(\/[\w-][\w.-]*)?$/;

/**
 * The files of the index as they go into the site (`site/pagefind/…`): the script, the entry file, the WebAssembly of the index's language and the hashed index, fragment and filter
 * chunks (whose names change with their content, so a browser never mixes two builds' chunks).
 */
export function bundleFiles(files: ReadonlyArray<{ path: string; content: Uint8Array }>): Map<string, Uint8Array> {
  const entry = files.find((file) => file.path === 'pagefind-entry.json');
  if (!entry) throw new PagefindError('Pagefind wrote no pagefind-entry.json');
  const wasm = new Set(wasmLanguages(entry.content).map((language) => `wasm.${language}.pagefind`));
  const out = new Map<string, Uint8Array>();
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (UNUSED.test(file.path) || (file.path.startsWith('wasm.') && !wasm.has(file.path))) continue;
    if (!BUNDLE_PATH.test(file.path))
      throw new PagefindError(`Pagefind wrote a file named ${JSON.stringify(file.path)}`);
    out.set(`site/${SEARCH_FOLDER}${file.path}`, file.content);
  }
  return out;
}

/** The WebAssembly each language of the entry file loads. */
function wasmLanguages(entry: Uint8Array): string[] {
  const parsed = JSON.parse(Buffer.from(entry).toString('utf8')) as {
    languages?: Record<string, { wasm?: unknown }>;
  };
  return Object.values(parsed.languages ?? {}).flatMap((language) =>
    typeof language.wasm === 'string' ? [language.wasm] : [],
  );
}

/** Pagefind's language for the site's locale: its primary subtag (`pt-BR` → `pt`), or `unknown`. */
export function pagefindLanguage(locale: string): string {
  const primary = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'unknown';
}
