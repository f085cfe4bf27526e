import type { RegexEngine } from 'shiki';

type Scanner = ReturnType<RegexEngine['createScanner']>;
type Match = ReturnType<Scanner['findNextMatchSync']>;

/** The block being coloured (0: none): its searches are remembered until the next block starts. */
let remembering = 0;
let blocks = 0;

/**
 * The engine with a memory of its searches while a block is coloured (`rememberingMatches`). shiki
 * tokenizes a block once per theme, and the grammar makes the same searches in both passes (which
 * rule matches where depends on the text, not on the colours): the second pass finds each answer
 * here instead of searching again. A search's answer is the same whatever asks it, so the colours
 * are exactly those searching again gives. Outside a block (the reference's samples, coloured once
 * in one theme) every search is made as it comes.
 */
export function rememberingEngine(engine: RegexEngine): RegexEngine {
  return {
    createString: (text) => engine.createString(text),
    createScanner: (patterns) => rememberingScanner(engine.createScanner(patterns)),
  };
}

function rememberingScanner(scanner: Scanner): Scanner {
  // Line → (start position, options) → answer, for the block `of` only.
  let seen = new Map<string, Map<number, Match>>();
  let of = 0;
  return {
    findNextMatchSync(text, start, options) {
      if (remembering === 0) return scanner.findNextMatchSync(text, start, options);
      if (of !== remembering) {
        seen = new Map();
        of = remembering;
      }
      const line = typeof text === 'string' ? text : text.content;
      let answers = seen.get(line);
      if (!answers) seen.set(line, (answers = new Map()));
      // Options are flags below 16.
      const key = start * 16 + options;
      let found = answers.get(key);
      if (found === undefined) {
        found = scanner.findNextMatchSync(text, start, options);
        answers.set(key, found);
      }
      return found;
    },
    dispose: () => scanner.dispose?.(),
  };
}

/** `work` (one block's colouring) with the engine's searches remembered until it returns. */
export function rememberingMatches<T>(work: () => T): T {
  remembering = ++blocks;
  try {
    return work();
  } finally {
    remembering = 0;
  }
}
