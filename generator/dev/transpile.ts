import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Compiles one of the generator's own server-side templates into dist/, with the options of
 * `npm run compile`, so that a fresh dev builder loads the edited component.
 */
export async function transpileTemplate(file: string): Promise<void> {
  if (!/\.tsx?$/.test(file) || relative(PACKAGE_ROOT, file).startsWith('..')) return;
  const { build } = await import('esbuild');
  await build({
    entryPoints: [file],
    outdir: DIST,
    outbase: PACKAGE_ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    jsx: 'automatic',
    logLevel: 'silent',
  });
}
