import { renderToStaticMarkup } from 'react-dom/server';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import { flattenSidebar, sidebarTrail } from '../content/index.js';
import { withBase } from '../content/plugins/urls.js';
import type { CompiledPage, SidebarNode } from '../content/types.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import type { ContractCatalog } from '../../templates/mdx/contract-model.js';
import type { HeadModel, SidebarItemModel, SiteModel } from '../../templates/model.js';
import type { ApiPage } from './api/pages.js';
import { markdownToReact } from './markdown.js';
import { resolveNavbar, toLinkModel } from './navbar.js';
import { NOT_FOUND_TITLE, pageTitle, renderApi, renderDoc, renderNotFound, renderStandalone } from './pages.js';

export interface RenderInput {
  config: ResolvedConfig;
  configSource: SourceFile;
  content: ContentResult;
  apiPages: readonly ApiPage[];
  /** What the contract components of MDX pages render (the newest version of each API). */
  contracts: ContractCatalog;
  /** Site paths (no base URL) of the client assets and the favicon. */
  assets: { css: string; js: string; favicon: string; faviconType: string };
  /** Render only these routes (`specsite dev` after an edit that changed no navigation); the page list stays complete. */
  only?: ReadonlySet<string>;
}

export interface RenderedPage {
  route: string;
  title: string;
  kind: 'doc' | 'page' | 'api' | 'not-found';
  /** The file it was rendered from, when there is one. */
  source: string | undefined;
}

export interface RenderResult {
  /** Site path → HTML. */
  files: Map<string, string>;
  pages: RenderedPage[];
  diagnostics: Diagnostic[];
}

/** Every page of the site as a complete HTML document. */
export function renderSite(input: RenderInput): RenderResult {
  const { config, content } = input;
  const diagnostics: Diagnostic[] = [];
  const base = config.baseUrl;
  const reading = flattenSidebar(content.sidebar);
  const navbar = resolveNavbar(config, input.configSource, { docRoutes: new Map(content.docs.map((d) => [d.id, d.route])), firstSidebarRoute: reading[0]?.route });
  diagnostics.push(...navbar.diagnostics);
  const site = siteModel(config, content.sidebar, navbar.items, input.assets);

  const files = new Map<string, string>();
  const pages: RenderedPage[] = [];
  const head = (route: string, title: string, description: string | undefined, ogType: HeadModel['ogType'], noindex = false): HeadModel => ({
    title: pageTitle(site, title),
    description: description ?? config.description,
    route,
    canonical: new URL(withBase(base, route), config.url).href,
    ogType,
    noindex,
  });
  const attempt = (page: { route: string; display?: string }, render: () => string): void => {
    if (input.only && !input.only.has(page.route)) return;
    try {
      files.set(routeFile(page.route), render());
    } catch (error) {
      diagnostics.push({ file: page.display ?? page.route, line: 1, column: 1, severity: 'error', rule: 'render', message: `the page failed to render: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  for (const doc of content.docs) {
    attempt(doc, () => renderDoc(site, head(doc.route, doc.frontMatter.title, doc.frontMatter.description, 'article'), doc, docModel(doc, content.sidebar, reading, base), input.contracts));
    pages.push({ route: doc.route, title: doc.frontMatter.title, kind: 'doc', source: doc.display });
  }
  for (const page of content.pages) {
    attempt(page, () => renderStandalone(site, head(page.route, page.frontMatter.title, page.frontMatter.description, 'website'), page, input.contracts));
    pages.push({ route: page.route, title: page.frontMatter.title, kind: 'page', source: page.display });
  }
  for (const api of input.apiPages) {
    attempt(api, () => renderApi(site, head(api.route, api.title, api.description, 'website'), api));
    pages.push({ route: api.route, title: api.title, kind: 'api', source: undefined });
  }
  if (!input.only || input.only.has('/404.html')) files.set('404.html', renderNotFound(site, head('/404.html', NOT_FOUND_TITLE, undefined, 'website', true), reading[0] ? withBase(base, reading[0].route) : undefined));
  pages.push({ route: '/404.html', title: NOT_FOUND_TITLE, kind: 'not-found', source: undefined });
  pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return { files, pages, diagnostics };
}

function docModel(doc: CompiledPage, sidebar: readonly SidebarNode[], reading: ReadonlyArray<{ label: string; route: string }>, base: string) {
  const trail = sidebarTrail(sidebar, doc.route);
  const crumbs = trail.filter((c) => c.route !== doc.route).map((c) => ({ label: c.label, href: c.route ? withBase(base, c.route) : undefined }));
  const at = reading.findIndex((entry) => entry.route === doc.route);
  const neighbour = (index: number) => {
    const entry = at === -1 ? undefined : reading[index];
    return entry ? { label: entry.label, href: withBase(base, entry.route) } : undefined;
  };
  return {
    title: doc.frontMatter.title,
    route: doc.route,
    breadcrumbs: [...crumbs, { label: doc.frontMatter.sidebarLabel ?? doc.frontMatter.title, href: undefined }],
    toc: doc.toc,
    previous: at > 0 ? neighbour(at - 1) : undefined,
    next: at !== -1 ? neighbour(at + 1) : undefined,
  };
}

function siteModel(config: ResolvedConfig, sidebar: readonly SidebarNode[], items: SiteModel['navbar']['items'], assets: RenderInput['assets']): SiteModel {
  const base = config.baseUrl;
  const bar = config.announcementBar;
  const copyright = config.footer.copyright;
  return {
    title: config.title,
    tagline: config.tagline,
    siteUrl: new URL(base, config.url).href,
    baseUrl: base,
    brandName: config.brand.name,
    locale: config.i18n.defaultLocale,
    navbar: { title: config.navbar.title, logo: config.navbar.logo && { src: withBase(base, config.navbar.logo.src), alt: config.navbar.logo.alt }, hideOnScroll: config.navbar.hideOnScroll, homeHref: base, items },
    footer: {
      columns: config.footer.columns.map((column) => ({ title: column.title, items: column.items.map((item) => toLinkModel(base, item as { label: string; to?: string; href?: string })) })),
      copyright: copyright && `Copyright © ${copyright.year} ${copyright.holder}`,
    },
    colorMode: config.colorMode,
    announcementBar: bar && { id: bar.id, html: renderToStaticMarkup(markdownToReact(bar.content, { inline: true })), backgroundColor: bar.backgroundColor, textColor: bar.textColor, isCloseable: bar.isCloseable },
    sidebar: sidebar.map((node) => sidebarModel(node, base)),
    assets: { css: withBase(base, `/${assets.css}`), js: withBase(base, `/${assets.js}`), favicon: withBase(base, `/${assets.favicon}`), faviconType: assets.faviconType },
    client: config.client,
  };
}

function sidebarModel(node: SidebarNode, base: string): SidebarItemModel {
  switch (node.type) {
    case 'doc':
      return { type: 'doc', label: node.label, href: withBase(base, node.route), route: node.route };
    case 'link': {
      const link = toLinkModel(base, node.href.startsWith('/') ? { label: node.label, to: node.href } : { label: node.label, href: node.href });
      return { type: 'link', label: link.label, href: link.href, external: link.external };
    }
    case 'category':
      return { type: 'category', label: node.label, href: node.route && withBase(base, node.route), route: node.route, collapsed: node.collapsed, items: node.items.map((n) => sidebarModel(n, base)) };
  }
}

/** `/` → `index.html`, `/docs/x/` → `docs/x/index.html`. */
export function routeFile(route: string): string {
  return `${route.replace(/^\//, '')}index.html`;
}

export { buildApiReference, type ApiPage, type ApiReference, type ApiReferenceOptions } from './api/pages.js';
