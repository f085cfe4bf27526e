import type { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { withBase } from '../content/plugins/urls.js';
import type { SidebarNode } from '../content/types.js';
import type { FeedLinkModel, SidebarItemModel, SiteModel } from '../../templates/model.js';
import { feedLinks } from '../content/blog/routes.js';
import type { Blog } from '../content/blog/types.js';
import { toLinkModel } from './navbar.js';
import { stepKey } from '../cache/step-key.js';

/** Paths (no base URL) of the client assets and the favicon. */
export interface SiteAssets {
  css: string;
  js: string;
  favicon: string;
  faviconType: string;
  /** The head script's code, inlined in every page's head rather than kept in the site model. */
  headScript: string;
}

/** The announcement bar's Markdown as sanitized HTML, cached by its text (rendering it loads the Markdown pipeline and React). */
export async function announcementHtml(config: ResolvedConfig, cache: BuildCache): Promise<string | undefined> {
  const bar = config.announcementBar;
  if (!bar) return undefined;
  const key = stepKey(cache, 'announcement', { content: bar.content });
  const cached = await cache.get<string>('html', key);
  if (cached !== undefined) return cached;
  const [{ renderToStaticMarkup }, { markdownToReact }] = await Promise.all([
    import('react-dom/server'),
    import('./markdown.js'),
  ]);
  const html = renderToStaticMarkup(markdownToReact(bar.content, { inline: true }));
  await cache.set('html', key, html);
  return html;
}

export function siteModel(
  config: ResolvedConfig,
  sidebar: readonly SidebarNode[],
  items: SiteModel['navbar']['items'],
  assets: SiteAssets,
  announcement: string | undefined,
  blog?: Blog,
): SiteModel {
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
    navbar: {
      title: config.navbar.title,
      // A file of the project is published with its hash (`config/logo.ts`); the only other logo is an http(s) URL.
      logo: config.navbar.logo && {
        src: config.logoFile ? withBase(base, `/${config.logoFile.target}`) : config.navbar.logo.src,
        alt: config.navbar.logo.alt,
      },
      hideOnScroll: config.navbar.hideOnScroll,
      homeHref: base,
      items,
    },
    footer: {
      columns: config.footer.columns.map((column) => ({
        title: column.title,
        items: column.items.map((item) => toLinkModel(base, item as { label: string; to?: string; href?: string })),
      })),
      copyright: copyright && `Copyright © ${copyright.year} ${copyright.holder}`,
    },
    colorMode: config.colorMode,
    announcementBar: bar && {
      id: bar.id,
      html: announcement ?? '',
      backgroundColor: bar.backgroundColor,
      textColor: bar.textColor,
      isCloseable: bar.isCloseable,
    },
    sidebar: sidebar.map((node) => sidebarModel(node, base)),
    lazySidebar: countEntries(sidebar) > FULL_SIDEBAR_ENTRIES,
    assets: {
      css: withBase(base, `/${assets.css}`),
      js: withBase(base, `/${assets.js}`),
      favicon: withBase(base, `/${assets.favicon}`),
      faviconType: assets.faviconType,
    },
    client: config.client,
    feeds: blog && blogFeedLinks(config),
  };
}

const FEED_TYPES = { rss: ['application/rss+xml', 'RSS'], atom: ['application/atom+xml', 'Atom'] } as const;

function blogFeedLinks(config: ResolvedConfig): FeedLinkModel[] {
  return feedLinks(config).map(({ type, url }) => ({
    type: FEED_TYPES[type][0],
    title: `${config.blog.title} | ${config.title} (${FEED_TYPES[type][1]})`,
    href: url,
  }));
}

/**
 * Up to this many sidebar entries, every page carries the whole sidebar, so every category opens
 * without JavaScript; above it, collapsed categories are lazy (`SiteModel.lazySidebar`).
 */
export const FULL_SIDEBAR_ENTRIES = 250;

function countEntries(nodes: readonly SidebarNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + (node.type === 'category' ? countEntries(node.items) : 0), 0);
}

function sidebarModel(node: SidebarNode, base: string): SidebarItemModel {
  switch (node.type) {
    case 'doc':
      return { type: 'doc', label: node.label, href: withBase(base, node.route), route: node.route };
    case 'link': {
      const link = toLinkModel(
        base,
        node.href.startsWith('/') ? { label: node.label, to: node.href } : { label: node.label, href: node.href },
      );
      return { type: 'link', label: link.label, href: link.href, external: link.external };
    }
    case 'category':
      return {
        type: 'category',
        label: node.label,
        href: node.route && withBase(base, node.route),
        route: node.route,
        collapsed: node.collapsed,
        items: node.items.map((n) => sidebarModel(n, base)),
      };
  }
}
