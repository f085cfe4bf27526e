import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The project's own `templates/` folder (source files, not the transpiled copies in dist/). */
const TEMPLATES = fileURLToPath(new URL('../../../templates/', import.meta.url));

export interface ClientAssets {
  /** Site path (no base URL) → bytes. */
  files: Map<string, string>;
  /** Paths (no base URL) of the script and the stylesheet. */
  js: string;
  css: string;
}

/**
 * Bundles the client script and the stylesheet with esbuild. Names carry a hash of the content, so
 * browsers may cache them forever and two builds of the same sources give the same names.
 */
export async function buildClient(): Promise<ClientAssets> {
  const [js, css] = await Promise.all([
    bundle(`${TEMPLATES}client/main.ts`, { format: 'iife', target: ['es2020'] }),
    bundle(`${TEMPLATES}styles/site.css`, {}),
  ]);
  const jsPath = `assets/js/main.${hash(js)}.js`;
  const cssPath = `assets/css/site.${hash(css)}.css`;
  return { files: new Map([[jsPath, js], [cssPath, css]]), js: jsPath, css: cssPath };
}

async function bundle(entry: string, options: { format?: 'iife'; target?: string[] }): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, minify: true, write: false, legalComments: 'none', logLevel: 'silent', charset: 'utf8', ...options });
  return result.outputFiles[0]?.text ?? '';
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}
