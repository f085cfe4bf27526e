import { dirname, resolve } from 'node:path';
import { isWithin } from '../sources/project-path.js';

/**
 * The project of a contract named on the command line, without a config: the working folder, or the
 * file's own folder when the file lies elsewhere. Its `$ref`s may not read outside it, as a
 * contract's may not read outside the config's folder.
 */
export function standaloneProject(file: string): string {
  const cwd = process.cwd();
  const path = resolve(file);
  return isWithin(cwd, path) ? cwd : dirname(path);
}
