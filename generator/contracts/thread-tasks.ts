import type { TaskReply, TaskRequest, ThreadContext } from '../workers/protocol.js';
import { stale } from '../workers/protocol.js';
import { isRecord } from '../sources/pointer.js';
import { showPathsWithin } from '../sources/display-path.js';
import type { Project } from '../sources/project-path.js';
import { ContractSources } from './sources.js';
import { detectSpecVersion } from './spec-version.js';

/**
 * A contract's checks on the second thread. The thread reads the contract's files itself;
 * `identity` is what the build read (`ContractSources.identity()`), so a file changed in between is
 * noticed and the work is done again on the build's own copy.
 */
export interface ChecksRequest extends TaskRequest {
  kind: 'checks';
  path: string;
  /** The project the contract's `$ref`s may read in, as the build was told (else that of a file named on the command line). */
  project?: Project;
  identity: string[];
}

export async function run(request: TaskRequest, context: ThreadContext): Promise<TaskReply> {
  const contract = await readContract(request as ChecksRequest, context);
  if (!contract) return stale('the contract changed while the build ran');
  const { checkContract } = await import('./checks.js');
  return { ok: true, value: await checkContract(contract.sources, contract.specVersion) };
}

/**
 * The contract as the build read it (a `Contract`, not named here: validate.ts names this module's
 * request), read once for every request naming it; undefined when it changed since.
 */
export async function readContract(
  request: Pick<ChecksRequest, 'path' | 'project' | 'identity'>,
  context: ThreadContext,
) {
  // Its files are shown as the build shows them (`identity` has their displayed paths).
  showPathsWithin(request.project?.ignored ? request.project.dir : undefined);
  const { sources } = await context.held(request.path, () => ContractSources.load(request.path, request.project));
  const detected = sources && detectSpecVersion(sources.root.data);
  if (!sources || !detected?.ok || !sameFiles(sources.identity(), request.identity)) return undefined;
  return {
    path: sources.root.path,
    sources,
    specVersion: detected.version,
    document: isRecord(sources.root.data) ? sources.root.data : {},
  };
}

function sameFiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}
