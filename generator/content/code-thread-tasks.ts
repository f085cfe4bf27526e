import type { TaskReply, TaskRequest } from '../workers/protocol.js';
import type { CodeRequest } from './code-colours.js';
import { colourBlocks } from './plugins/highlighter.js';

/** A page's code blocks coloured on the second thread, with its own highlighter (kept for every page after). */
export async function run(request: TaskRequest): Promise<TaskReply> {
  return { ok: true, value: await colourBlocks((request as CodeRequest).blocks) };
}
