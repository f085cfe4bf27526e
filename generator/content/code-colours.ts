import type { Background } from '../workers/background.js';
import type { TaskRequest } from '../workers/protocol.js';
import type { CodeToColour } from './plugins/highlighter.js';

/** A page's code blocks, coloured on the thread that colours the reference's samples. */
export interface CodeRequest extends TaskRequest {
  kind: 'code';
  blocks: CodeToColour[];
}

/** Where the content's code blocks are coloured: each page's blocks, as their `<pre>` HTML, in order. */
export interface CodeColours {
  colour(blocks: CodeToColour[]): Promise<string[]>;
}

/** On the thread that compiles the page. */
export const COLOURED_HERE: CodeColours = { colour: colourBlocks };

/** shiki and its grammars are loaded only by a build that colours a block (not one that finds every page in its cache). */
async function colourBlocks(blocks: CodeToColour[]): Promise<string[]> {
  return (await import('./plugins/highlighter.js')).colourBlocks(blocks);
}

/**
 * On `thread`, while this one compiles other pages: colouring is a third of the content's work
 * (its grammars' expressions compiled, every line tokenized once per theme). The thread is the one
 * the reference's samples are coloured on, so a grammar both use is compiled once. A request the
 * thread could not do is done here, with the same result.
 */
export function colouredOn(thread: Background): CodeColours {
  return {
    colour: (blocks) =>
      thread.run<string[], CodeRequest>({ kind: 'code', blocks, urgent: true }, () => colourBlocks(blocks)),
  };
}
