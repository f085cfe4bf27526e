import { relative, sep } from 'node:path';
import type { CompiledPage } from './types.js';

/**
 * A docs page's "Edit this page" URL: its own `custom_edit_url`, none for `null`, else the config's
 * `editUrl` followed by the page's file path from the project's folder, each segment encoded
 * (`{product}-packages.mdx` → `%7Bproduct%7D-packages.mdx`), as Docusaurus forms it.
 */
export function editUrlOf(
  page: Pick<CompiledPage, 'file' | 'frontMatter'>,
  editUrl: string | undefined,
  rootDir: string,
): string | undefined {
  const own = page.frontMatter.customEditUrl;
  if (own !== undefined) return own ?? undefined;
  if (editUrl === undefined) return undefined;
  const path = relative(rootDir, page.file).split(sep).map(encodeURIComponent).join('/');
  return `${editUrl}${path}`;
}
