import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fingerprintInputs } from '../../write/inputs.js';
import { PUBLISHED_FORMAT, SITE_INDEX } from '../../render/api/mcp/published.js';

/**
 * Why `outDir` is not the build of what is on disk now, or undefined when it is: it holds no build,
 * or one an older specsite made, or the files its build report lists hash differently now (the
 * config, the content's folders, the contracts and the files they name, the images, the favicon),
 * or specsite's own code changed. Hashing costs a few milliseconds for this site: less than a
 * single stat of every file would be worth in doubt (mtimes change on checkout, and copy back).
 */
export async function staleness(outDir: string, rootDir: string, shown = outDir): Promise<string | undefined> {
  const report = await readJson(join(outDir, 'build-report.json'));
  if (report === undefined) return `${shown}/ holds no build`;
  const inputs = (report as { inputs?: { fingerprint?: unknown; paths?: unknown } }).inputs;
  const paths = Array.isArray(inputs?.paths)
    ? inputs.paths.filter((p): p is string => typeof p === 'string')
    : undefined;
  const index = (await readJson(join(outDir, SITE_INDEX))) as { format?: unknown } | undefined;
  if (typeof inputs?.fingerprint !== 'string' || !paths || index?.format !== PUBLISHED_FORMAT)
    return `${shown}/ was built by another version of specsite`;
  if ((await fingerprintInputs(rootDir, paths)) !== inputs.fingerprint)
    return `the site's sources (or specsite) changed since ${shown}/ was built`;
  return undefined;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
