import { resolve } from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import type { LoadedApi } from '../contracts/index.js';

/**
 * Every file and folder a build reads, for the report's fingerprint: the config, its favicon and logo, the
 * content's folders, each API's spec (file or folder of versions) and every file its contracts are made
 * of, and the pages' images wherever they are in the project. specsite's own code is in the
 * fingerprint too (see `buildInputs`); git's history, which dates the docs pages, is not.
 */
export function inputPaths(
  config: ResolvedConfig,
  apis: readonly LoadedApi[],
  content: Pick<ContentResult, 'assets'>,
): string[] {
  const { rootDir } = config;
  return [
    config.configPath,
    ...(config.favicon ? [resolve(rootDir, config.favicon)] : []),
    ...(config.logoFile ? [config.logoFile.source] : []),
    // What content discovery lists: the docs, the standalone pages and the blog's posts.
    ...['docs', 'pages', ...(config.blog.enabled ? ['blog'] : [])].map((folder) =>
      resolve(rootDir, config.contentDir, folder),
    ),
    ...config.apis.map((api) => api.spec),
    ...apis.flatMap(({ versions }) => versions.flatMap(({ contract }) => [...contract.sources.files.keys()])),
    ...content.assets.map((asset) => resolve(rootDir, asset.source)),
  ];
}
