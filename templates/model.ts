/**
 * What the templates receive: complete, resolved data with every href final (base URL applied).
 * Templates never look at the config or the file system.
 */
import type { ReactNode } from 'react';

export interface LinkModel {
  label: string;
  href: string;
  external: boolean;
}

export type NavItemModel =
  | {
      type: 'link';
      label: string;
      href: string;
      external: boolean;
      position: 'left' | 'right';
      activePrefix: string | undefined;
    }
  | { type: 'dropdown'; label: string; items: LinkModel[]; position: 'left' | 'right' }
  | {
      type: 'localeDropdown';
      locales: Array<{ code: string; label: string; href: string }>;
      current: string;
      position: 'left' | 'right';
    }
  | { type: 'iconLink'; icon: string; label: string; href: string; position: 'left' | 'right' };

export interface FooterModel {
  columns: Array<{ title: string; items: LinkModel[] }>;
  copyright: string | undefined;
}

export type SidebarItemModel =
  | { type: 'doc'; label: string; href: string; route: string }
  | { type: 'link'; label: string; href: string; external: boolean }
  | {
      type: 'category';
      label: string;
      href: string | undefined;
      route: string | undefined;
      collapsed: boolean;
      items: SidebarItemModel[];
    };

export interface FeedLinkModel {
  /** `application/rss+xml` or `application/atom+xml`. */
  type: string;
  title: string;
  /** Absolute URL. */
  href: string;
}

export interface SiteModel {
  title: string;
  tagline: string;
  /** Origin + base URL, for canonical and Open Graph URLs. */
  siteUrl: string;
  baseUrl: string;
  brandName: string;
  locale: string;
  navbar: {
    title: string;
    logo: { src: string; alt: string } | undefined;
    hideOnScroll: boolean;
    homeHref: string;
    items: NavItemModel[];
  };
  footer: FooterModel;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  /** `html` is sanitized inline Markdown, rendered at build time (the client receives the same model as JSON). */
  announcementBar:
    { id: string; html: string; backgroundColor: string; textColor: string; isCloseable: boolean } | undefined;
  sidebar: SidebarItemModel[];
  /**
   * A sidebar too large to repeat on every page: collapsed categories that do not hold the page are
   * rendered with their first entry only, and the client renders the rest from this model when one
   * is opened. Without it, a site of n pages would write n² sidebar entries.
   */
  lazySidebar: boolean;
  /** Site paths (base URL applied) of the built assets. */
  assets: { css: string; js: string; favicon: string; faviconType: string };
  /** The blog's feeds, which every page of a site with a blog links in its head. */
  feeds?: FeedLinkModel[] | undefined;
  /** Client constants, serialized for the bundle. */
  client: {
    desktopBreakpoint: number;
    progressBar: {
      delay: number;
      minimum: number;
      speed: number;
      trickleRate: number;
      trickleSpeed: number;
      showSpinner: boolean;
    };
  };
}

export interface HeadModel {
  /** Full `<title>`. */
  title: string;
  description: string;
  /** Route without base URL, to mark the current page. */
  route: string;
  canonical: string;
  /** Site path of the page's Markdown twin (`/docs/x/index.md`); undefined for a page without one (404). */
  markdown: string | undefined;
  ogType: 'website' | 'article';
  noindex: boolean;
  /** Site path of the site model's JSON, one file for the whole site, which the client loads. */
  siteData: string;
  /** The head script's code (`templates/client/head.ts`, bundled), the same on every page. */
  script: string;
}

/** The page menu: the page's Markdown twin, to copy, to read, or to hand to an assistant. */
export interface PageMenuModel {
  /** Site path of the twin (`/docs/x/index.md`), which "View as Markdown" links to and "Copy as Markdown" fetches. */
  markdown: string;
  /** The twin's absolute URL, which the links to assistants carry in their prompt. */
  markdownUrl: string;
}

export interface TocEntry {
  depth: number;
  text: string;
  id: string;
}

export interface DocPageModel {
  title: string;
  route: string;
  breadcrumbs: Array<{ label: string; href: string | undefined }>;
  toc: TocEntry[];
  previous: { label: string; href: string } | undefined;
  next: { label: string; href: string } | undefined;
  /** Where the page's source can be edited, when the site says. */
  editUrl: string | undefined;
  /** The date of the last commit that changed the page's file, `YYYY-MM-DD`, when git knows it. */
  lastUpdated: string | undefined;
  content: ReactNode;
}

/** What a page tells the client (the JSON beside `#__site`): its route, and where the site model is. */
export interface PageData {
  route: string;
  siteData: string;
}
