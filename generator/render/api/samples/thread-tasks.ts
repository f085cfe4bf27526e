import type { TaskReply, TaskRequest } from '../../../workers/protocol.js';
import { colourSamples, openHighlighter, type ColourRequest } from './colours.js';
import type { SampleHighlighter } from './highlight.js';

let highlighter: Promise<SampleHighlighter> | undefined;

/**
 * A batch of samples coloured on the second thread. Its highlighter (grammars compiled, lines
 * coloured) is the thread's own and serves every batch after the first. A line repeated across
 * samples is one array in the reply, so it crosses to the build once.
 */
export async function run(request: TaskRequest): Promise<TaskReply> {
  return { ok: true, value: await colourSamples(request as ColourRequest, (highlighter ??= openHighlighter())) };
}
