import type { ClientAssets } from '../client/build.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import type { LoadedApi } from '../contracts/index.js';
import { pageKind } from '../page-kinds/index.js';
import { publishedFiles } from '../write/mcp/site-index.js';
import type { TypesResult } from '../types/index.js';
import { blogFeeds } from '../write/blog-feeds.js';
import { robots, sitemap } from '../write/site-files.js';
import type { RenderedSite, SiteRenderer } from './render-stage.js';

/** What the output folder is made of, from every stage before it. */
export interface OutputParts {
  config: ResolvedConfig;
  apis: readonly LoadedApi[];
  site: RenderedSite;
  client: ClientAssets;
  content: ContentResult;
  icon: SiteRenderer['favicon'];
  types: TypesResult;
  /** Site path → each page's Markdown twin. */
  markdown: ReadonlyMap<string, string>;
  /** The twins are in the output already (written while the search index was finished). */
  markdownWritten: boolean;
  /** Path under the output folder → the search index's files. */
  search: ReadonlyMap<string, Uint8Array>;
}

/** Every file of the output folder but the pages (and twins) already emitted and build-report.json. */
export async function outputFiles(parts: OutputParts): Promise<Map<string, string | Uint8Array>> {
  const { config, apis, site, client, content, icon, types, markdown, markdownWritten, search } = parts;
  const { rendered, reference } = site;
  const files = new Map<string, string | Uint8Array>();
  for (const [path, html] of rendered.files) files.set(`site/${path}`, html);
  for (const [path, text] of client.files) files.set(`site/${path}`, text);
  for (const [path, text] of reference.files) files.set(`site/${path}`, text);
  for (const asset of content.assets) files.set(`site/${asset.target}`, asset.bytes);
  if (!markdownWritten) for (const [path, text] of markdown) files.set(`site/${path}`, text);
  if (icon) files.set(`site/${icon.path}`, icon.bytes);
  if (config.logoFile) files.set(`site/${config.logoFile.target}`, config.logoFile.bytes);
  files.set(
    'site/sitemap.xml',
    sitemap(
      config,
      rendered.pages.filter((p) => pageKind(p.kind).sitemap).map((p) => p.route),
    ),
  );
  files.set('site/robots.txt', robots(config));
  for (const [path, xml] of await blogFeeds(config, content.blog)) files.set(`site/${path}`, xml);
  for (const [path, bytes] of search) files.set(path, bytes);
  for (const [path, text] of types.files) files.set(path, text);
  const pages = rendered.pages;
  for (const [path, text] of publishedFiles({ config, pages, content, reference, apis, markdown }))
    files.set(path, text);
  return files;
}
