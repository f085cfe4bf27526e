import type { Parents, Root, RootContent, Text } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import {
  defaultHandlers,
  toMarkdown,
  type Handle,
  type Options,
  type State,
  type Unsafe,
} from 'mdast-util-to-markdown';
import { rememberingCells, rememberingHandle } from './print-memo.js';

/**
 * How every twin is printed: GFM (tables, strike-through, footnotes), `-` bullets, fenced code, ATX
 * headings. Table columns are not padded to one width: a wide table would be mostly spaces.
 */
function options(remember: boolean): Options {
  let patterns: Grouped | undefined;
  return {
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    bullet: '-',
    emphasis: '_',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
    handlers: {
      root: (node, parent, state, info) => {
        // Every printing with these options is given the same patterns (the same objects, in one order).
        patterns ??= grouped(state.unsafe);
        state.safe = characterFiltered(state, patterns);
        if (remember) {
          state.handle = rememberingHandle(node as Root, state);
          state.containerPhrasing = rememberingCells(state);
        }
        return defaultHandlers.root(node, parent, state, info);
      },
      text: Object.assign((...args: Parameters<Handle>) => defaultHandlers.text(...args), { peek: textPeek }),
    },
  };
}

const REMEMBERING = options(true);

const ONCE = options(false);

/** The characters some escaping pattern is about, for each printing's state. */
const ESCAPED = new WeakMap<State, ReadonlySet<string>>();

/**
 * The first character a text prints as, which mdast-util-to-markdown asks of the node after each
 * node of a sentence (to escape what the two would make together) and otherwise gets by printing
 * the whole text. A text prints its own first character unless that character is escaped, and only
 * a character some pattern is about can be: for any other, that character is the answer.
 */
function textPeek(...[node, parent, state, info]: Parameters<Handle>): string {
  const first = (node as Text).value.charAt(0);
  if (first !== '' && !ESCAPED.get(state)?.has(first)) return first;
  return defaultHandlers.text(node as Text, parent, state, info);
}

/**
 * Markdown of a tree of blocks. mdast-util-to-markdown escapes whatever text would otherwise read
 * as markup where it stands (a `#` or `---` at the start of a line, `<`, `[`, a backtick), and
 * gives each code block a fence longer than any run of backticks inside it, so no text of a page
 * can end its block or start a heading of its own.
 *
 * `once` says the blocks are printed this once (a twin's header, its page's own title and
 * description): nothing is remembered of them, as hashing them would cost and hold what is never
 * found again. The text is the same either way. A page's text is remembered: pages made from one
 * pattern share blocks (on a generated site of 2,000 pages, two blocks in three are found again).
 */
export function printMarkdown(children: RootContent[], { once = false }: { once?: boolean } = {}): string {
  if (children.length === 0) return '';
  return toMarkdown({ type: 'root', children: merged(children) } satisfies Root, once ? ONCE : REMEMBERING);
}

/** The escaping patterns grouped by their one character. */
interface Grouped {
  byCharacter: ReadonlyMap<string, readonly Unsafe[]>;
  escaped: ReadonlySet<string>;
}

/** The patterns grouped by character, once for each set of options rather than for each printing. */
function grouped(patterns: readonly Unsafe[]): Grouped {
  const byCharacter = new Map<string, Unsafe[]>();
  for (const pattern of patterns) {
    const list = byCharacter.get(pattern.character);
    if (list) list.push(pattern);
    else byCharacter.set(pattern.character, [pattern]);
  }
  return { byCharacter, escaped: new Set(byCharacter.keys()) };
}

/**
 * `state.safe` as it is, asked to try only the patterns whose character occurs in the text: each
 * pattern is a regular expression around one literal character, which cannot match a text without
 * that character, and the escapes depend only on which patterns match where (not on their order).
 * It gives the same escapes; trying every pattern on every text was most of the time spent printing.
 */
function characterFiltered(state: State, { byCharacter, escaped }: Grouped): State['safe'] {
  const safe = state.safe;
  ESCAPED.set(state, escaped);
  return function filtered(this: State, value, config) {
    const subject = `${config.before ?? ''}${value ?? ''}${config.after ?? ''}`;
    const relevant: Unsafe[] = [];
    for (const [character, patterns] of byCharacter) if (subject.includes(character)) relevant.push(...patterns);
    const all = state.unsafe;
    state.unsafe = relevant;
    try {
      return safe.call(state, value, config);
    } finally {
      state.unsafe = all;
    }
  };
}

/** The blocks with adjacent texts joined (copies: the nodes may be shared), so each run of text is escaped once. */
function merged(nodes: readonly RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text')
      out[out.length - 1] = { type: 'text', value: last.value + node.value };
    else if ('children' in node) out.push({ ...node, children: merged((node as Parents).children) } as RootContent);
    else out.push(node);
  }
  return out;
}
