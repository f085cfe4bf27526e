/**
 * What `specsite build` publishes under `DIR/mcp/` for `specsite mcp`: the facts only the build
 * knows (where each page, operation and model is on the site, the code samples and generated
 * examples, the version history), so that the server reads small JSON files instead of loading the
 * build pipeline. The build writes them; the server only reads them, and treats them as data.
 */

/** The output folder's entry that holds these files. */
export const MCP_DIR = 'mcp';
/** The site's index: its pages and APIs. */
export const SITE_INDEX = `${MCP_DIR}/site.json`;
/** Bumped when the files' shape changes, so a server never reads an older build's files as its own. */
export const PUBLISHED_FORMAT = 1;

/** `DIR/mcp/site.json`. */
export interface SiteIndex {
  format: number;
  title: string;
  /** The site's root URL (its `url` with the base URL), ending in `/`. */
  root: string;
  pages: PageEntry[];
  apis: ApiEntry[];
}

export interface PageEntry {
  /** Route without the base URL: `/docs/architecture/`. */
  route: string;
  title: string;
  description: string | undefined;
  kind: 'doc' | 'page' | 'post' | 'api';
  /** Path of the page's Markdown twin under `DIR/site/`, when the build wrote one. */
  twin: string | undefined;
  /** The headings of a content page's table of contents, with their ids, for links to a section. */
  headings: Array<{ depth: number; text: string; id: string }>;
}

export interface ApiEntry {
  id: string;
  title: string;
  /** The newest version's route: `/api/searcher/`. */
  route: string;
  changelog: string;
  /** Newest first, as the site lists them. */
  versions: VersionEntry[];
}

export interface VersionEntry {
  version: string;
  route: string;
  /** The contract as the site offers it for download, paths under `DIR/site/`. */
  downloads: { yaml: string; json: string };
  /** The contract's root file, relative to the config's folder (what `diff_versions` compares). */
  source: string;
  /** Path under `DIR/` of the version's reference index (`VersionIndex`). */
  reference: string;
}

/** `DIR/mcp/<version route>reference.json`: one version of one API. */
export interface VersionIndex {
  format: number;
  operations: OperationEntry[];
  models: ModelEntry[];
}

/** An operation's place in the API's versions, when it has more than one; links to the changelog's entries. */
export interface HistoryEntry {
  since: VersionLink;
  deprecatedIn?: VersionLink;
  removedIn?: VersionLink;
}

export interface VersionLink {
  version: string;
  /** The version's entry on the changelog page (path with the base URL and an anchor). */
  changelog: string;
}

export interface ExampleEntry {
  name: string;
  summary?: string;
  /** The value as the page shows it (pretty JSON, or text as written). */
  value: string;
  /** Made from the schema because the contract gives none. */
  generated: boolean;
}

export interface MediaEntry {
  /** The schema with its `$ref` (if it is one) replaced by what it names; the `$ref`s inside it are kept. */
  schema?: unknown;
  /** The component the schema's `$ref` names, whose JSON Schema `get_schema` gives. */
  schemaName?: string;
  examples: ExampleEntry[];
}

export interface OperationEntry {
  /** Undefined when the contract gives none; `anchor` names it then. */
  operationId: string | undefined;
  /** Its id on the page, unique on the site. */
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string | undefined;
  tags: string[];
  deprecated: boolean;
  /** Where it is rendered (path with the base URL and its anchor). */
  href: string;
  security: unknown;
  parameters: Array<Record<string, unknown>>;
  requestBody: { required: boolean; description: string | undefined; content: Record<string, MediaEntry> } | undefined;
  responses: Record<
    string,
    { description: string | undefined; headers: Record<string, unknown>; content: Record<string, MediaEntry> }
  >;
  /** The curl and TypeScript samples the page shows (the contract's own first). */
  samples: Array<{ label: string; language: string; code: string }>;
  history: HistoryEntry | undefined;
}

export interface ModelEntry {
  name: string;
  /** Where its section is (path with the base URL and its anchor). */
  href: string;
  description: string | undefined;
  deprecated: boolean;
  /** Its JSON Schema's path under `DIR/` (`schemas/<api>/<File>.json`): the newest version of a typed API only. */
  schemaFile: string | undefined;
  history: HistoryEntry | undefined;
}

/** Where a version's reference index is written, from the version's route (`/api/history/2.0.0/`). */
export function referenceIndexPath(route: string): string {
  return `${MCP_DIR}/${route.replace(/^\//, '')}reference.json`;
}
