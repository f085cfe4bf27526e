import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { ContractSources } from '../contracts/sources.js';
import { detectSpecVersion } from '../contracts/spec-version.js';
import type { Contract } from '../contracts/validate.js';
import type { FreshPage } from '../content/compile.js';
import type { MdxContext } from '../content/mdx.js';
import type { ContractLookup, PageSource } from '../content/types.js';
import type { TreePage } from '../render/pages.js';
import type { SiteModel } from '../../templates/model.js';
import { isRecord } from '../sources/pointer.js';

/**
 * Work a second thread can do for the build: judging a contract, typing it, compiling a page,
 * rendering one. The thread reads a contract's files itself; `identity` is what the build read
 * (`ContractSources.identity()`), so a file changed in between is noticed and the work is done
 * again on the build's own copy. A page comes with its text, a page to render with its tree.
 */
export type WorkerRequest =
  // `project`: the folder the contract's `$ref`s may read in, as the build was told (else that of a file named on the command line).
  | { kind: 'checks'; path: string; project?: string; identity: string[] }
  | { kind: 'types'; path: string; project?: string; identity: string[]; service: string; version: string }
  // A content page, compiled against the `PageShare` the build handed over first.
  | { kind: 'page'; page: PageSource }
  // A compiled page that draws on no contract, rendered with the site model handed over first ('site').
  | { kind: 'render'; page: TreePage };

export interface WorkerResults {
  checks: Diagnostic[];
  types: string;
  page: FreshPage;
  /** The page's HTML: as UTF-8 from the second thread (encoding it is part of the work it saves this one), as text when done here. */
  render: Uint8Array | string;
}

/** What every page compiles against besides itself, handed to the thread once (`Background.share`). */
export interface PageShare {
  rootDir: string;
  baseUrl: string;
  toc: MdxContext['toc'];
  components: string[];
  fileRoutes: Array<[string, string]>;
}

/** Data the build handed over once, for the requests that follow. */
const shared = new Map<string, unknown>();
let pageContext: { share: unknown; context: MdxContext } | undefined;

export function receiveShare(key: string, value: unknown): void {
  shared.set(key, value);
}

export type WorkerReply =
  { ok: true; value: WorkerResults[WorkerRequest['kind']] } | { ok: false; stale: boolean; message: string };

/**
 * Contracts this thread has read, kept while more requests for them are on their way: a large
 * contract's checks and then its types read and parse it once here, as the build's own thread does.
 * `waiting` counts the requests that arrived and are not done yet.
 */
const contracts = new Map<string, { waiting: number; reading?: ReturnType<typeof ContractSources.load> }>();

/** Told of every request as it arrives, before the ones ahead of it are done. */
export function expectRequest(request: WorkerRequest): void {
  if (!('path' in request)) return;
  const entry = contracts.get(request.path);
  if (entry) entry.waiting++;
  else contracts.set(request.path, { waiting: 1 });
}

/** Told when a request is done or was taken back: its contract is let go once no other request needs it. */
export function settleRequest(request: WorkerRequest): void {
  if (!('path' in request)) return;
  const entry = contracts.get(request.path);
  if (entry && --entry.waiting <= 0) contracts.delete(request.path);
}

/** Runs one request in this thread, from the files on disk. */
export async function handleRequest(request: WorkerRequest): Promise<WorkerReply> {
  if (request.kind === 'page') return compileSharedPage(request.page);
  if (request.kind === 'render') return renderSharedPage(request.page);
  // A request handled without `expectRequest` (as tests may) reads the file and keeps nothing.
  const entry = contracts.get(request.path);
  const reading = entry
    ? (entry.reading ??= ContractSources.load(request.path, request.project))
    : ContractSources.load(request.path, request.project);
  const sources = (await reading).sources;
  const detected = sources && detectSpecVersion(sources.root.data);
  if (!sources || !detected?.ok || !sameFiles(sources.identity(), request.identity))
    return { ok: false, stale: true, message: 'the contract changed while the build ran' };
  if (request.kind === 'checks') {
    const { checkContract } = await import('../contracts/checks.js');
    return { ok: true, value: await checkContract(sources, detected.version) };
  }
  const contract: Contract = {
    path: sources.root.path,
    sources,
    specVersion: detected.version,
    document: isRecord(sources.root.data) ? sources.root.data : {},
  };
  const { generateServiceTypes } = await import('../models/service-types.js');
  return { ok: true, value: await generateServiceTypes(contract, request.service, request.version) };
}

function sameFiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

/**
 * A page compiled here, where the contracts are not loaded: a page that asks them anything is left
 * to the build (a stale reply), which has them.
 */
async function compileSharedPage(page: PageSource): Promise<WorkerReply> {
  const share = shared.get('pages') as PageShare | undefined;
  if (!share) return { ok: false, stale: true, message: 'no page context was handed over' };
  if (pageContext?.share !== share) {
    const contracts: ContractLookup = {
      serviceIds: () => [],
      schemaNames: () => undefined,
      isEnum: () => false,
      operationIds: () => undefined,
      validateExample: () => [],
      identity: () => '',
    };
    pageContext = {
      share,
      context: {
        rootDir: share.rootDir,
        baseUrl: share.baseUrl,
        toc: share.toc,
        components: new Set(share.components),
        contracts,
        fileRoutes: new Map(share.fileRoutes),
        assets: new Map(),
      },
    };
  }
  const { compileFresh } = await import('../content/compile.js');
  const fresh = await compileFresh(page, pageContext.context);
  if (fresh.usedContracts) return { ok: false, stale: true, message: 'the page refers to the contracts' };
  return { ok: true, value: fresh };
}

async function renderSharedPage(page: TreePage): Promise<WorkerReply> {
  const site = shared.get('site') as SiteModel | undefined;
  if (!site) return { ok: false, stale: true, message: 'no site model was handed over' };
  const { renderTreePage } = await import('../render/pages.js');
  return { ok: true, value: Buffer.from(renderTreePage(site, page)) };
}
