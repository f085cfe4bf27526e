import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { IMAGE_TYPE } from '../sources/image-bytes.js';
import { resolveInProject, PATH_OUTSIDE_PROJECT, type OutsideWhy, type Project } from '../sources/project-path.js';
import type { UNSAFE_SVG } from '../sources/svg-safety.js';
import type { Asset } from './types.js';

export interface ImageContext {
  /** No image is read from outside it. */
  project: Project;
  /** Shared by all pages so that an image used twice is read and checked once. */
  assets: Map<string, Asset>;
}

export type ImageResult =
  | { ok: true; asset: Asset }
  | {
      ok: false;
      rule: 'missing-image' | typeof PATH_OUTSIDE_PROJECT | typeof IMAGE_TYPE | typeof UNSAFE_SVG;
      problem?: string;
      /** With `PATH_OUTSIDE_PROJECT`: why the project does not read it. */
      why?: OutsideWhy;
    };

/**
 * An image a page embeds, read and named by its content hash, once it is known to be inside the
 * project (symlinks followed) and to be the image its name says (`checkImageBytes`): it is
 * published from the site's origin. One used by several pages is read once; its bytes go straight
 * to the writer. Every way a page reaches an image (this thread, a second one, the cache) comes here.
 */
export async function loadImage(source: string, context: ImageContext): Promise<ImageResult> {
  const known = context.assets.get(source);
  if (known) return { ok: true, asset: known };
  const where = await resolveInProject(context.project, source);
  if (!where.ok)
    return where.reason === 'outside'
      ? { ok: false, rule: PATH_OUTSIDE_PROJECT, why: where.why }
      : { ok: false, rule: 'missing-image' };
  let bytes: Buffer;
  try {
    bytes = await readFile(where.real);
  } catch {
    return { ok: false, rule: 'missing-image' };
  }
  const ext = extname(source).toLowerCase();
  // Loaded with the first image: image-type and the XML reader cost a site without any time.
  const { checkImageBytes } = await import('../sources/image-bytes.js');
  const check = await checkImageBytes(bytes, ext);
  if (!check.ok) return { ok: false, rule: check.rule, problem: check.problem };
  const asset: Asset = {
    source,
    target: `assets/images/${basename(source, extname(source))}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}${ext}`,
    bytes,
  };
  context.assets.set(source, asset);
  return { ok: true, asset };
}
