import type { TaskReply, TaskRequest } from '../workers/protocol.js';
import type { TwinWork } from './work.js';

/** A twin printed (and, for a content page that draws on no contract, made) on the second thread. */
export interface MarkdownRequest extends TaskRequest {
  kind: 'markdown';
  work: TwinWork;
}

export async function run(request: TaskRequest): Promise<TaskReply> {
  const { doTwinWork } = await import('./work.js');
  return { ok: true, value: doTwinWork((request as MarkdownRequest).work) };
}
