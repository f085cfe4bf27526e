import { readContract, type ChecksRequest } from '../contracts/thread-tasks.js';
import type { TaskReply, TaskRequest, ThreadContext } from '../workers/protocol.js';
import { stale } from '../workers/protocol.js';

/** A service's types on the second thread, from the contract its checks read there (see `ChecksRequest`). */
export interface TypesRequest extends TaskRequest, Pick<ChecksRequest, 'path' | 'project' | 'identity'> {
  kind: 'types';
  path: string;
  service: string;
  version: string;
}

export async function run(request: TaskRequest, context: ThreadContext): Promise<TaskReply> {
  const { service, version, ...contractFiles } = request as TypesRequest;
  const contract = await readContract(contractFiles, context);
  if (!contract) return stale('the contract changed while the build ran');
  const { generateServiceTypes } = await import('./service-types.js');
  return { ok: true, value: await generateServiceTypes(contract, service, version) };
}
