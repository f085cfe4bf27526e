import { resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { outsideProjectMessage, PATH_OUTSIDE_PROJECT, resolveInProject } from '../sources/project-path.js';
import type { SourceFile } from '../sources/source-file.js';
import { locatedAt } from '../sources/zod-issues.js';
import type { ResolvedConfig } from './resolve.js';

/**
 * The config's folders stay inside the project, symlinks followed: content read from elsewhere
 * would publish files the pull request does not show. A folder that does not exist is fine here
 * (the stage that reads it says what it needs). The favicon is `readFavicon`'s; each API's `spec`
 * is checked where contracts are read.
 */
export async function checkConfigFolders(
  config: Pick<ResolvedConfig, 'contentDir' | 'rootDir' | 'project'>,
  source: SourceFile,
): Promise<Diagnostic[]> {
  const where = await resolveInProject(config.project, resolve(config.rootDir, config.contentDir));
  if (!where.ok && where.reason === 'outside')
    return [
      locatedAt(
        source,
        ['contentDir'],
        PATH_OUTSIDE_PROJECT,
        outsideProjectMessage('contentDir', config.contentDir, where.why),
      ),
    ];
  return [];
}
