import { isUtf8 } from 'node:buffer';
import imageType from 'image-type';
import { svgProblem, UNSAFE_SVG } from './svg-safety.js';

/** Rule of a file used as an image whose bytes are not an image of the kind its name says. */
export const IMAGE_TYPE = 'image-type';

/** The kinds of image the site publishes, by what their bytes say, with the file name endings each may have. */
const KINDS: Record<string, { name: string; mime: string; extensions: readonly string[] }> = {
  png: { name: 'PNG', mime: 'image/png', extensions: ['.png', '.apng'] },
  jpg: { name: 'JPEG', mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  gif: { name: 'GIF', mime: 'image/gif', extensions: ['.gif'] },
  webp: { name: 'WebP', mime: 'image/webp', extensions: ['.webp'] },
  avif: { name: 'AVIF', mime: 'image/avif', extensions: ['.avif'] },
  ico: { name: 'ICO', mime: 'image/x-icon', extensions: ['.ico'] },
  bmp: { name: 'BMP', mime: 'image/bmp', extensions: ['.bmp'] },
  svg: { name: 'SVG', mime: 'image/svg+xml', extensions: ['.svg'] },
};

export const IMAGE_EXTENSIONS: readonly string[] = Object.values(KINDS).flatMap((kind) => kind.extensions);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export type ImageCheck =
  { ok: true; mime: string } | { ok: false; rule: typeof IMAGE_TYPE | typeof UNSAFE_SVG; problem: string };

/**
 * Whether `bytes` may be published under a name ending in `extension` (`.png`, lower-case): a file
 * used as an image is served from the site's origin, so it must be the image its name claims, and
 * an SVG must be one that runs nothing and loads nothing. `problem` completes "<file> …".
 */
export async function checkImageBytes(bytes: Uint8Array, extension: string): Promise<ImageCheck> {
  const kind = await detectKind(bytes);
  if (kind === undefined) return { ok: false, rule: IMAGE_TYPE, problem: NOT_AN_IMAGE };
  const expected = KINDS[kind];
  if (!expected) return { ok: false, rule: IMAGE_TYPE, problem: NOT_AN_IMAGE };
  if (!expected.extensions.includes(extension)) {
    const claimed = Object.values(KINDS).find((k) => k.extensions.includes(extension));
    return {
      ok: false,
      rule: IMAGE_TYPE,
      problem: `is ${article(expected.name)} ${expected.name} image${claimed ? `, not ${claimed.name}` : ''}; name it with ${expected.extensions.join(' or ')}`,
    };
  }
  if (kind === 'svg') {
    const problem = svgProblem(new TextDecoder().decode(bytes));
    if (problem) return { ok: false, rule: UNSAFE_SVG, problem: `is an SVG the site does not publish: ${problem}` };
  }
  return { ok: true, mime: expected.mime };
}

async function detectKind(bytes: Uint8Array): Promise<string | undefined> {
  const raster = await imageType(bytes);
  if (raster) return raster.ext;
  // Animated PNG: `image-type` leaves it out, but it is a PNG with extra chunks.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 8)).equals(PNG_SIGNATURE)) return 'png';
  return looksLikeSvg(bytes) ? 'svg' : undefined;
}

/** Text whose first element is `<svg`, after an optional BOM, XML declaration, comments and whitespace. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  let buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, 3).equals(UTF8_BOM)) buffer = buffer.subarray(3);
  if (!isUtf8(buffer)) return false;
  const head = buffer.subarray(0, 4096).toString('utf8');
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w-]+:)?svg[\s>/]/i.test(
    head,
  );
}

const NAMES = Object.values(KINDS).map((k) => k.name);
/** Judged by the bytes: a name says nothing of what a browser would do with the file. */
const NOT_AN_IMAGE = `is not ${NAMES.slice(0, -1).join(', ')} or ${NAMES.at(-1) ?? ''} image data (judged by its content, not its name)`;

function article(name: string): string {
  return /^[AEIOS]/.test(name) ? 'an' : 'a';
}
