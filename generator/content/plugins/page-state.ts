import type { VFile } from 'vfile';
import type { Asset, ContractLookup, Heading, PageLink } from '../types.js';
import type { PageReport } from './report.js';

/**
 * What the content plugins know of the page being compiled, and where they put what they collect.
 * One processor compiles every page of a build (building one per page was about a twentieth of the
 * work), so this goes with each page's file rather than in the plugins' options.
 */
export interface PageState {
  report: PageReport;
  /** Absolute path of the page file. */
  file: string;
  /** The page's own route, for `#anchor` and `../relative/` links. */
  route: string;
  contracts: ContractLookup;
  /** Every page's absolute file path → its route, to rewrite links to `.md`/`.mdx` files. */
  fileRoutes: Pick<ReadonlyMap<string, string>, 'get'>;
  links: PageLink[];
  /** The images this page uses. */
  pageAssets: Asset[];
  anchors: Set<string>;
  toc: Heading[];
  /** The page's Markdown syntax tree as JSON, kept by the last remark plugin for the page's Markdown twin. */
  twin: { tree: string | undefined };
}

export function withPageState(file: VFile, state: PageState): VFile {
  (file.data as { specsitePage?: PageState }).specsitePage = state;
  return file;
}

export function pageState(file: VFile): PageState {
  const state = (file.data as { specsitePage?: PageState }).specsitePage;
  if (!state) throw new Error(`${file.path} was compiled without its page state`);
  return state;
}
