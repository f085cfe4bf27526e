import type { BuildCache } from '../cache/store.js';
import type { JavaScriptWeight } from '../client/budget.js';
import type { GlobalOptions } from './options.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ContractIndex } from '../content/contract-lookup.js';
import type { ApiPagesReport, LazyReference, RenderedPage, RenderInput } from '../render/index.js';
import type { SearchReport } from '../search/index.js';
import type { SourceFile } from '../sources/source-file.js';
import type { BuildStage, StageFigures } from './stage-clock.js';
import type { BuildInputs } from '../write/inputs.js';
import type { LeftPage, RecordedPage } from '../write/last-output.js';

export interface BuildOptions
  extends
    Pick<GlobalOptions, 'config' | 'out' | 'strict'>,
    Partial<Pick<GlobalOptions, 'rules' | 'acknowledgeBreaking' | 'cache' | 'root'>> {
  /** Told when each stage starts (for a progress line). */
  onStage?: (stage: BuildStage, index: number) => void;
  /** Date each docs page by the last commit that changed it (`--no-git-dates` turns it off); default true. */
  gitDates?: boolean;
}

export interface BuildReport {
  pages: RenderedPage[];
  warnings: Diagnostic[];
  /** Milliseconds per stage, in pipeline order, with the memory at its end and the peak until then. */
  stages: StageFigures[];
  totalMs: number;
  /** The JavaScript every page loads, against the budgets of docs and API pages. */
  javascript: JavaScriptWeight;
  /** The search index (`site/pagefind/`): pages and records it holds, its size, and the time it took after rendering. */
  search: SearchReport;
  /** Each API's largest reference page (HTML bytes, elements at load) against the page budget. */
  apiPages: ApiPagesReport[];
  /** Whether a second thread did some of the work: large contracts' checks and types, or many pages to compile (not in the cache). */
  secondThread: boolean;
  /** What the build read, and a hash of it: whether `DIR/` is still the build of what is on disk (`specsite mcp` asks). */
  inputs: BuildInputs;
}

/** What one run of the pipeline made, in memory: the files to write and the stages' results, which `specsite dev` keeps to redo only what an edit affects. */
export interface SiteOutput {
  diagnostics: Diagnostic[];
  /** Present when the build succeeded: paths under the output folder (`site/…`, `types/…`, `schemas/…`, `build-report.json`); without the pages' HTML when `compileSite` was given `emitPage`. */
  files: Map<string, string | Uint8Array> | undefined;
  report: BuildReport | undefined;
  /** The stages' results, when the pipeline got as far as rendering. */
  parts: SiteParts | undefined;
  /** What the build records of each page it wrote, for the next build into the same folder (with the cache, and `LeftPages`). */
  pages?: RecordedPage[];
}

export interface SiteParts {
  config: ResolvedConfig;
  configSource: SourceFile;
  cache: BuildCache;
  contracts: ContractIndex;
  content: ContentResult;
  reference: LazyReference;
  render: Omit<RenderInput, 'content' | 'only'>;
}

/**
 * The pages the last build into the output folder left (see `LastOutput`): one this build makes
 * from the same key is linked into its output unread.
 */
export interface LeftPages {
  /** The page at `path` (`site/…`) when the last build made it from `key`. */
  page(path: string, key: string): LeftPage | undefined;
  /** Puts it in this build's output, unread: false when its file is no longer as recorded (nothing is written then). */
  link(page: LeftPage): Promise<boolean>;
  /** Reads back the HTML of a page it put in the output. */
  read(path: string): Promise<string>;
}

/** Takes each page's HTML as it is rendered (path as in `SiteOutput.files`: `site/…`); `fresh`: not from the cache. */
export type EmitPage = (path: string, html: string | Uint8Array, fresh?: boolean) => Promise<void>;
