import type { MDXContent } from 'mdx/types';

/** Front matter of a page, after validation. */
export interface FrontMatter {
  title: string;
  /** Where the title's value is written in the page. */
  titleAt: { line: number; column: number };
  description: string | undefined;
  sidebarLabel: string | undefined;
  sidebarPosition: number | undefined;
  slug: string | undefined;
  id: string | undefined;
  /** A docs page's own edit link; null: none, undefined: the config's `editUrl`. */
  customEditUrl?: string | null | undefined;
  /** Whether the site's search index holds the page (`search: false` leaves it out). */
  search: boolean;
}

export type PageKind = 'doc' | 'page' | 'post';

/** A content file found on disk, with its identity on the site decided. */
export interface PageSource {
  kind: PageKind;
  /** Absolute path. */
  file: string;
  /** Path as shown in messages. */
  display: string;
  /** Path under `docs/`, `pages/` or `blog/`, `/`-separated, brand placeholder replaced, extension kept. */
  relPath: string;
  /** Docs: `configuration/add-data-source`; pages: `roadmap`; posts: their slug. */
  id: string;
  /** Route from the site root without the base URL, always with a trailing slash: `/docs/architecture/`. */
  route: string;
  format: 'md' | 'mdx';
  text: string;
  frontMatter: FrontMatter;
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/** A link written in a page, kept so that it can be checked once every page is known. */
export interface PageLink {
  /** The URL as written. */
  url: string;
  /** Route (without base URL) the link resolved to, when it points inside the site. */
  route: string | undefined;
  /** Fragment without `#`, when there is one. */
  hash: string | undefined;
  /** Written as a link to a markdown file (`./page.mdx`). */
  markdown: boolean;
  line: number;
  column: number;
}

/** A file a page refers to (an image) that is copied into the site under a hashed name. */
export interface Asset {
  source: string;
  /** Path in the site, without the base URL: `assets/images/diagram.1a2b3c4d.png`. */
  target: string;
  bytes: Uint8Array;
}

export interface CompiledPage extends PageSource {
  Content: MDXContent;
  /** The page's HTML syntax tree as JSON (`serializePageTree`), which `Content` draws. */
  tree: string;
  /** The page's Markdown syntax tree as JSON (`serializeTwinTree`), which its Markdown twin is made from. */
  twin: string;
  /** A hash of the page's syntax tree: its content, for the cache of rendered pages. */
  contentHash: string;
  /** It has contract components or tagged examples, so it depends on the contracts. */
  usesContracts: boolean;
  /** Every heading id, for anchor checks. */
  anchors: Set<string>;
  /** Headings shown in the table of contents. */
  toc: Heading[];
  links: PageLink[];
}

/** Settings of a docs folder, from its `_category_.yaml`. */
export interface CategoryMeta {
  /** The `_category_.yaml` file, as shown in messages. */
  display: string;
  /** Folder under docs/, `/`-separated. */
  dir: string;
  label: string;
  position: number | undefined;
  collapsed: boolean;
  /** Route-less doc id shown when the label is clicked, if any. */
  link: string | undefined;
}

export type SidebarNode =
  | { type: 'doc'; id: string; label: string; route: string }
  | { type: 'link'; label: string; href: string }
  | {
      type: 'category';
      label: string;
      route: string | undefined;
      docId: string | undefined;
      collapsed: boolean;
      items: SidebarNode[];
    };

/** A problem an example has against its schema, at a path inside the example. */
export interface ExampleProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * What the contract components (`<Schema>`, `<Operation>`, `<EnumValues>`) and tagged JSON examples
 * may refer to. Content only needs names and a validator, so `validate` can check pages without
 * building the reference pages.
 */
export interface ContractLookup {
  /** Services with a contract, sorted. */
  serviceIds(): string[];
  /** Component schema names of a service; undefined for an unknown service. */
  schemaNames(service: string): string[] | undefined;
  isEnum(service: string, name: string): boolean;
  operationIds(service: string): string[] | undefined;
  validateExample(service: string, schema: string, value: unknown): ExampleProblem[];
  /**
   * For an API of the config whose contract failed to load (it did not parse, say): where its first
   * error is (`openapi/x.yaml:12:5`); undefined for any other id.
   */
  unavailable(service: string): string | undefined;
  /** The ids of those APIs, sorted. */
  unavailableIds(): string[];
  /** A hash of the contracts it answers from: pages that asked it anything are compiled again when it changes. */
  identity(): string;
}

/** A lookup with no contract behind it: where pages are compiled without the contracts loaded. */
export const NO_CONTRACTS: ContractLookup = {
  serviceIds: () => [],
  schemaNames: () => undefined,
  isEnum: () => false,
  operationIds: () => undefined,
  validateExample: () => [],
  unavailable: () => undefined,
  unavailableIds: () => [],
  identity: () => '',
};

/**
 * The rule of the one line a page gets for each API it uses whose contract failed: the contract's
 * error is the cause, reported at the contract; the page's line names it instead of repeating it.
 */
export const API_UNAVAILABLE = 'api-unavailable';
