import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers.js';

/** How an integrator's project checks the package: `tsc --strict`, library files too, no ambient `@types`. */
export const CONSUMER_COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  module: 'nodenext',
  moduleResolution: 'nodenext',
  target: 'es2022',
  skipLibCheck: false,
  types: [],
};

/** A fresh consumer project with the generated package installed under its own name. */
export async function consumerProject(out: string, file: string): Promise<string> {
  const dir = await tempDir('consumer');
  const manifest = JSON.parse(await readFile(join(out, 'types/package.json'), 'utf8')) as { name: string };
  const installed = join(dir, 'node_modules', ...manifest.name.split('/'));
  await mkdir(join(installed, '..'), { recursive: true });
  await symlink(join(out, 'types'), installed, 'dir');
  await cp(join(ROOT, 'test/consumer', file), join(dir, 'consumer.ts'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: CONSUMER_COMPILER_OPTIONS, files: ['consumer.ts'] }),
  );
  return dir;
}
