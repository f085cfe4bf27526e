import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import {
  outsideProjectMessage,
  PATH_OUTSIDE_PROJECT,
  resolveInProject,
  type Project,
} from '../sources/project-path.js';
import type { SourceFile } from '../sources/source-file.js';
import { locatedAt } from '../sources/zod-issues.js';

/** The configured favicon as the site publishes it: `favicon.<ext>`, its type and its bytes. */
export interface Favicon {
  path: string;
  type: string;
  bytes: Uint8Array | string;
}

const FAVICON_EXTENSIONS = new Set(['.svg', '.png', '.ico']);

/**
 * The `favicon:` file, read and checked with the config, so that `validate` reports what `build`
 * would: inside the project, a .svg, .png or .ico file by its bytes as well as by its name, and an
 * SVG that runs nothing. It is served from the site's origin, like the pages' images.
 */
export async function readFavicon(
  config: { favicon?: string | undefined; rootDir: string; project: Project },
  source: SourceFile,
): Promise<{ favicon: Favicon | undefined; diagnostics: Diagnostic[] }> {
  const asWritten = config.favicon;
  if (asWritten === undefined) return { favicon: undefined, diagnostics: [] };
  const fail = (rule: string, message: string) => ({
    favicon: undefined,
    diagnostics: [locatedAt(source, ['favicon'], rule, message)],
  });
  const ext = extname(asWritten).toLowerCase();
  if (!FAVICON_EXTENSIONS.has(ext))
    return fail('config-invalid', `favicon must be a .svg, .png or .ico file, not "${asWritten}"`);
  const where = await resolveInProject(config.project, resolve(config.rootDir, asWritten));
  if (!where.ok && where.reason === 'outside')
    return fail(PATH_OUTSIDE_PROJECT, outsideProjectMessage('favicon', asWritten, where.why));
  let bytes: Buffer;
  try {
    if (!where.ok) throw new Error('not found');
    bytes = await readFile(where.real);
  } catch {
    return fail('config-invalid', `favicon file "${asWritten}" not found`);
  }
  // Loaded only for a favicon of one's own: image-type and the XML reader cost every other build time.
  const { checkImageBytes } = await import('../sources/image-bytes.js');
  const check = await checkImageBytes(bytes, ext);
  if (!check.ok) return fail(check.rule, `favicon "${asWritten}" ${check.problem}`);
  return { favicon: { path: `favicon${ext}`, type: check.mime, bytes }, diagnostics: [] };
}
