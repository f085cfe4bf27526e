import { relative, sep } from 'node:path';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { ContentResult } from '../../content/index.js';
import type { LoadedApi } from '../../contracts/index.js';
import type { LazyReference, RenderedPage } from '../../render/index.js';
import { changelogRoute, versionRoute } from '../../render/api/version-routes.js';
import { twinPath } from '../../markdown/urls.js';
import { pageKind, PAGE_KINDS } from '../../page-kinds/index.js';
import {
  PUBLISHED_FORMAT,
  referenceIndexPath,
  SITE_INDEX,
  type ApiEntry,
  type PageEntry,
} from '../../render/api/mcp/published.js';

export interface SiteIndexInput {
  config: ResolvedConfig;
  pages: readonly RenderedPage[];
  content: ContentResult;
  reference: LazyReference;
  apis: readonly LoadedApi[];
  /** The site's Markdown files (twins and llms.txt), by path under `DIR/site/`. */
  markdown: ReadonlyMap<string, string>;
}

/**
 * `DIR/mcp/site.json` and each API version's `reference.json`: what `specsite mcp` serves, from
 * what this build made (see `render/api/mcp/published.ts`).
 */
export function publishedFiles(input: SiteIndexInput): Map<string, string> {
  const { config, content, reference } = input;
  const contentPages = new Map(PAGE_KINDS.flatMap((kind) => kind.sources(content)).map((p) => [p.route, p]));
  const apiPages = new Map(reference.pages.map((p) => [p.route, p]));
  const pages = input.pages.flatMap((page): PageEntry[] => {
    const kind = pageKind(page.kind).mcp;
    if (kind === undefined) return [];
    const compiled = contentPages.get(page.route);
    const twin = twinPath(page.route);
    return [
      {
        route: page.route,
        title: page.title,
        description: compiled ? compiled.frontMatter.description : apiPages.get(page.route)?.description,
        kind,
        twin: input.markdown.has(twin) ? twin : undefined,
        headings: compiled?.toc.map(({ depth, text, id }) => ({ depth, text, id })) ?? [],
      },
    ];
  });
  const apis = input.apis.map(({ api, versions }): ApiEntry => ({
    id: api.id,
    title: reference.pages.find((p) => p.apiId === api.id)?.apiTitle ?? api.title ?? api.id,
    route: api.route,
    changelog: changelogRoute(api.route),
    versions: versions.map(({ version, contract }, index) => {
      const route = versionRoute(api.route, version, index === 0);
      const site = route.slice(1);
      return {
        version,
        route,
        downloads: { yaml: `${site}openapi.yaml`, json: `${site}openapi.json` },
        source: relative(config.rootDir, contract.path).split(sep).join('/'),
        reference: referenceIndexPath(route),
      };
    }),
  }));
  const root = new URL(config.baseUrl, config.url).href;
  const files = new Map<string, string>([...reference.published]);
  files.set(SITE_INDEX, `${JSON.stringify({ format: PUBLISHED_FORMAT, title: config.title, root, pages, apis })}\n`);
  return files;
}
