import type { TaskReply, TaskRequest, ThreadContext } from '../workers/protocol.js';
import { stale } from '../workers/protocol.js';
import type { MdxContext } from './mdx.js';
import { NO_CONTRACTS, type PageSource } from './types.js';
import type { Project } from '../sources/project-path.js';
import type { PortableContracts } from './contract-lookup.js';

/** A content page, compiled on the second thread against the `PageShare` the build handed over first. */
export interface PageRequest extends TaskRequest {
  kind: 'page';
  page: PageSource;
}

/** What every page compiles against besides itself, handed to the thread once (`Background.share`). */
export interface PageShare {
  project: Project;
  baseUrl: string;
  toc: MdxContext['toc'];
  budget: MdxContext['budget'];
  components: string[];
  fileRoutes: Array<[string, string]>;
  /** What pages may ask of the contracts; without it, a page that asks is left to the build. */
  contracts?: PortableContracts;
}

export const PAGE_SHARE = 'pages';

let pageContext: { share: unknown; context: MdxContext } | undefined;

/**
 * A page compiled here, where the contracts are not loaded: it is answered from what the build
 * handed over about them, or, when it handed nothing, a page that asks them anything is left to the
 * build (a stale reply), which has them.
 */
export async function run(request: TaskRequest, context: ThreadContext): Promise<TaskReply> {
  const share = context.shared(PAGE_SHARE) as PageShare | undefined;
  if (!share) return stale('no page context was handed over');
  if (pageContext?.share !== share) {
    pageContext = {
      share,
      context: {
        project: share.project,
        baseUrl: share.baseUrl,
        toc: share.toc,
        budget: share.budget,
        components: new Set(share.components),
        contracts: share.contracts
          ? (await import('./contract-lookup.js')).ContractIndex.fromPortable(share.contracts)
          : NO_CONTRACTS,
        fileRoutes: new Map(share.fileRoutes),
        assets: new Map(),
      },
    };
  }
  const { compileFresh } = await import('./compile.js');
  const fresh = await compileFresh((request as PageRequest).page, pageContext.context);
  if (fresh.usedContracts && !share.contracts) return stale('the page refers to the contracts');
  return { ok: true, value: fresh };
}

/** The compiler and the highlighter with its themes, loaded before the first page comes. */
export async function warm(): Promise<void> {
  await import('./compile.js');
  await import('./mdx.js');
  await (await import('./plugins/highlighter.js')).getHighlighter();
}
