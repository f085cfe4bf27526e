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
const OPTIONS: Options = {
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
      state.safe = characterFiltered(state);
      state.handle = rememberingHandle(node as Root, state);
      state.containerPhrasing = rememberingCells(state);
      return defaultHandlers.root(node, parent, state, info);
    },
    text: Object.assign((...args: Parameters<Handle>) => defaultHandlers.text(...args), { peek: textPeek }),
  },
};

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
 */
export function printMarkdown(children: RootContent[]): string {
  if (children.length === 0) return '';
  return toMarkdown({ type: 'root', children: merged(children) } satisfies Root, OPTIONS);
}

/**
 * `state.safe` as it is, asked to try only the patterns whose character occurs in the text: each
 * pattern is a regular expression around one literal character, which cannot match a text without
 * that character, and the escapes depend only on which patterns match where. It gives the same
 * escapes; trying every pattern on every text was most of the time spent printing.
 */
function characterFiltered(state: State): State['safe'] {
  const safe = state.safe;
  const byCharacter = new Map<string, Unsafe[]>();
  for (const pattern of state.unsafe) {
    const list = byCharacter.get(pattern.character);
    if (list) list.push(pattern);
    else byCharacter.set(pattern.character, [pattern]);
  }
  ESCAPED.set(state, new Set(byCharacter.keys()));
  return function filtered(this: State, value, config) {
    const subject = `${config.before ?? ''}${value ?? ''}${config.after ?? ''}`;
    const relevant: Unsafe[] = [];
    const seen = new Set<string>();
    for (const character of subject) {
      if (seen.has(character)) continue;
      seen.add(character);
      const patterns = byCharacter.get(character);
      if (patterns) relevant.push(...patterns);
    }
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
