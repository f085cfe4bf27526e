import { BuildCache, sha256 } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import { flattenSidebar, sidebarTrails } from '../content/index.js';
import { withBase } from '../content/plugins/urls.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import type { HeadModel, SiteModel } from '../../templates/model.js';
import { map } from '../workers/map.js';
import type { ApiPageSummary, LazyReference } from './api/lazy-reference.js';
import { SITE_SHARE, type RenderRequest } from './thread-tasks.js';
import { apiLinks } from './api/services.js';
import { PAGE_KINDS, type PageKindId, type RenderContext, type RenderJob } from '../page-kinds/index.js';
import { resolveNavbar } from './navbar.js';
import { announcementHtml, siteModel, type SiteAssets } from './site-model.js';
import { pageWeight, type PageWeight } from './page-weight.js';
import { renderFailure } from './render-failure.js';
import { stepKey } from '../cache/step-key.js';

export interface RenderInput {
  config: ResolvedConfig;
  configSource: SourceFile;
  content: ContentResult;
  apiPages: readonly ApiPageSummary[];
  /** The reference's data models, for its pages and for the contract components of MDX pages (the newest version of each API). */
  reference: Pick<LazyReference, 'key' | 'full' | 'secondThread'> & Partial<Pick<LazyReference, 'redirects'>>;
  /** Site paths (no base URL) of the client assets and the favicon. */
  assets: SiteAssets;
  /** APIs left out of `reference` because their contract has errors, each with where its first error is. */
  unavailable?: ReadonlyMap<string, string>;
  /** Render only these routes (`specsite dev` after an edit that changed no navigation); the page list stays complete. */
  only?: ReadonlySet<string>;
  /** Rendered pages kept between builds, keyed by everything a page is made from. */
  cache?: BuildCache;
  /**
   * Takes each page's HTML as soon as it is rendered (the build writes it to its staging folder), so
   * that a large site is never all in memory; without it, pages are returned in `files`. `fresh`:
   * rendered now, not taken from the cache.
   */
  emit?: (file: string, html: string | Uint8Array, fresh: boolean) => Promise<void>;
  /**
   * Puts in the output, unread, the page the last build left at `file` when it made it from `key`
   * (the build's `LeftPages`), and says what it recorded of it; undefined when it cannot (the page
   * is then read from the cache or rendered, and emitted).
   */
  reuse?: (
    file: string,
    key: string,
    weighed: boolean,
  ) => Promise<{ weight?: { htmlBytes: number; elements: number } } | undefined>;
}

/** Pages rendered at once. */
const RENDER_CONCURRENCY = 16;

/**
 * From this many pages to render that draw on no contract, a second thread renders them too. Below
 * it, starting the thread (loading React and the templates again) costs about what it saves, on this
 * project's 2-core machine where two threads slow each other down by about half.
 */
const SECOND_THREAD_FROM_PAGES = 300;

export type { PageWeight, ApiPagesReport } from './page-weight.js';

export interface RenderedPage {
  route: string;
  title: string;
  kind: PageKindId;
  /** The file it was rendered from, when there is one. */
  source: string | undefined;
}

export interface RenderResult {
  /** Site path → HTML of each page, and the site model's JSON. */
  files: Map<string, string>;
  pages: RenderedPage[];
  diagnostics: Diagnostic[];
  /** Whether a second thread rendered some of the pages (many pages not in the cache). */
  secondThread: boolean;
  /** What each API reference page weighs, for the build report's page budget. */
  apiWeights: PageWeight[];
  /** Each page's cache key by its file (with the cache): what the build records for the next one's `reuse`. */
  keys: Map<string, string>;
}

/** `Page | Site`, or the site title alone for a page titled like the site (the home page). */
export function pageTitle(site: Pick<SiteModel, 'title'>, title: string): string {
  return title === site.title ? site.title : `${title} | ${site.title}`;
}

/**
 * Every page of the site as a complete HTML document. A page's HTML is cached under the hash of the
 * site model (navbar, sidebar, footer, assets), its head, its own model and its content (the
 * compiled page, and the reference's inputs when it draws on the contracts); React and the
 * templates are only loaded when some page is not in the cache.
 */
export async function renderSite(input: RenderInput): Promise<RenderResult> {
  const { config, content } = input;
  const cache = input.cache ?? BuildCache.disabled();
  const diagnostics: Diagnostic[] = [];
  const base = config.baseUrl;
  const reading = flattenSidebar(content.sidebar);
  const trails = sidebarTrails(content.sidebar);
  const navbar = await resolveNavbar(
    config,
    input.configSource,
    {
      docRoutes: new Map(content.docs.map((d) => [d.id, d.route])),
      unreadDocIds: content.unreadDocIds,
      firstSidebarRoute: reading[0]?.route,
    },
    cache,
  );
  diagnostics.push(...navbar.diagnostics);
  const apiLinksOf = apiLinks(config, input.configSource, new Set(content.docs.map((d) => d.route)), input.apiPages);
  diagnostics.push(...apiLinksOf.diagnostics);
  const announcement = await announcementHtml(config, cache);
  const site = siteModel(config, content.sidebar, navbar.items, input.assets, announcement, content.blog);
  const siteJson = JSON.stringify(site);
  const siteKey = sha256(siteJson);
  // One file for the whole site, named by its content: browsers keep it while it does not change.
  const siteData = `assets/site-data.${siteKey.slice(0, 10)}.json`;

  const files = new Map<string, string>([[siteData, siteJson]]);
  const pages: RenderedPage[] = [];
  const head = (
    route: string,
    title: string,
    description: string | undefined,
    ogType: HeadModel['ogType'],
    noindex = false,
  ): HeadModel => ({
    title: pageTitle(site, title),
    description: description ?? config.description,
    route,
    canonical: new URL(withBase(base, route), config.url).href,
    markdown: noindex ? undefined : `${withBase(base, route)}index.md`,
    ogType,
    noindex,
    siteData: withBase(base, `/${siteData}`),
    script: input.assets.headScript,
  });
  const templates = (): Promise<typeof import('./pages.js')> => import('./pages.js');
  const ctx: RenderContext = {
    config,
    content,
    apiPages: input.apiPages,
    site,
    reference: input.reference,
    head,
    // A page's contract components draw on the reference; one that uses none does not depend on it.
    catalog: async (page) => (page.usesContracts ? (await input.reference.full()).catalog : new Map()),
    contentKey: (page) => `${page.contentHash}\0${page.usesContracts ? input.reference.key : ''}`,
    reading,
    trails,
    apiLinks: apiLinksOf.linksOf,
  };
  const jobs: RenderJob[] = [];
  for (const kind of PAGE_KINDS)
    for (const job of kind.render(ctx)) {
      jobs.push(job);
      pages.push({ route: job.page.route, title: job.title, kind: kind.id, source: job.page.display });
    }

  const apiWeights: PageWeight[] = [];
  const emit = async (job: RenderJob, html: string | Uint8Array, fresh: boolean): Promise<void> => {
    const file = fileOf(job);
    if (job.apiId !== undefined)
      apiWeights.push(pageWeight({ apiId: job.apiId, route: job.page.route, file: `site/${file}` }, html));
    if (input.emit) await input.emit(file, html, fresh);
    else files.set(file, typeof html === 'string' ? html : Buffer.from(html).toString('utf8'));
  };
  const renderHere = async (job: RenderJob): Promise<string> => job.render(await templates());
  const keys = new Map<RenderJob, string>();
  const key = (job: RenderJob): string => {
    let found = keys.get(job);
    if (found === undefined) keys.set(job, (found = stepKey(cache, 'html', { site: siteKey, page: job.parts })));
    return found;
  };

  // Pages that draw on no contract can be rendered on a second thread, from their tree and the site
  // model. A few at a time here: a cached page is mostly waiting on its entry's file, and a rendered
  // one on being written; rendering itself is synchronous.
  const renderedJobs = jobs.filter((job) => !input.only || input.only.has(job.page.route));
  const rendered = await map<RenderJob, string | Uint8Array, true>(
    renderedJobs,
    { request: (job) => job.tree && ({ kind: 'render', page: job.tree } satisfies RenderRequest), here: renderHere },
    {
      cache: {
        get: async (job) => {
          // Without a cache (`--no-cache`), no page's key is worked out: hashing them cost a 10,000-page build a second.
          if (!cache.enabled) return undefined;
          // A reference page is reused with what it weighs, which the report gives.
          const reused = await input.reuse?.(fileOf(job), key(job), job.apiId !== undefined);
          if (reused) {
            if (job.apiId !== undefined && reused.weight)
              apiWeights.push({
                apiId: job.apiId,
                route: job.page.route,
                file: `site/${fileOf(job)}`,
                ...reused.weight,
              });
            return true;
          }
          const html = await cache.get<string | Uint8Array>('html', key(job));
          if (html === undefined) return undefined;
          await emit(job, html, false);
          return true;
        },
        set: async (job, html) => {
          if (cache.enabled) await cache.set('html', key(job), html);
          await emit(job, html, true);
          return true;
        },
      },
      // A page that fails to render is an error of the build, located at its source.
      failed: (job, error) => {
        diagnostics.push(renderFailure(job.page, error, input.unavailable));
        return true;
      },
      threshold: SECOND_THREAD_FROM_PAGES,
      share: { key: SITE_SHARE, value: () => site },
      concurrency: RENDER_CONCURRENCY,
    },
  );
  pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  // In route order, as the pages are: rendering finishes in any order.
  apiWeights.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  // The reference's samples may have been coloured on a second thread meanwhile.
  const secondThread = rendered.secondThread || input.reference.secondThread();
  const fileKeys = new Map(cache.enabled ? renderedJobs.map((job) => [fileOf(job), key(job)]) : []);
  return { files, pages, diagnostics, secondThread, apiWeights, keys: fileKeys };
}

/** Where a page's HTML goes, under `site/`. */
function fileOf(job: RenderJob): string {
  return job.file ?? routeFile(job.page.route);
}

/** `/` → `index.html`, `/docs/x/` → `docs/x/index.html`. */
export function routeFile(route: string): string {
  // A fragment of a long reference page is named by its file (generator/page-kinds/api-part.ts).
  if (route.endsWith('.html')) return route.replace(/^\//, '');
  return `${route.replace(/^\//, '')}index.html`;
}

export { FULL_SIDEBAR_ENTRIES } from './site-model.js';
// Types only: the reference builder itself loads when a model is needed (see lazy-reference.ts).
export type { ApiPage, ApiReference, ApiReferenceOptions } from './api/pages.js';
export { lazyApiReference, EMPTY_REFERENCE, type ApiPageSummary, type LazyReference } from './api/lazy-reference.js';
