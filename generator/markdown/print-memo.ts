import * as crypto from 'node:crypto';
import type { Root, RootContent } from 'mdast';
import type { State } from 'mdast-util-to-markdown';

/**
 * Blocks that only ever stand as flow content: a root of these alone is printed block by block
 * (mdast-util-to-markdown prints a root with any phrasing child, `html` aside, as one sentence).
 */
const FLOW = new Set([
  'blockquote',
  'code',
  'definition',
  'footnoteDefinition',
  'heading',
  'list',
  'paragraph',
  'table',
  'thematicBreak',
]);

/**
 * How much printed Markdown (keys and texts, in characters) the memo holds before it starts again:
 * GitHub's twins need 5 million; `specsite dev` keeps the build's thread, and its memo, between builds.
 */
const LIMIT = 16 * 1024 * 1024;

interface Printed {
  text: string;
  /** The bullet a list leaves for the next one (a list right after a list takes the other bullet). */
  bulletLastUsed: string | undefined;
}

const memo = new Map<string, Printed>();
let held = 0;

/**
 * A memo's key: which constructs the node stands in (they decide what is escaped), its surroundings,
 * itself; hashed, as the node's JSON is larger than what it prints (GitHub's: 19 MB held, 5 MB hashed).
 */
function keyOf(state: State, node: unknown, before = '', after = ''): string {
  const whole = `${state.stack.join(' ')}\u0000${before}\u0000${after}\u0000${JSON.stringify(node)}`;
  return sha256(whole);
}

/**
 * Node's one-call hash (20.12 on) where there is one: the twins hash a key per table cell and per
 * block, and making a `Hash` object for each costs more than the hashing (one call takes a third of the time).
 */
const oneCall = crypto.hash as typeof crypto.hash | undefined;
const sha256: (text: string) => string = oneCall
  ? (text) => oneCall('sha256', text, 'base64')
  : (text) => crypto.createHash('sha256').update(text).digest('base64');

/** How many printings the memo holds: what a test can see of what was remembered. */
export function rememberedCount(): number {
  return memo.size;
}

function remember(key: string, text: string, bulletLastUsed?: string): void {
  if (held > LIMIT) {
    memo.clear();
    held = 0;
  }
  memo.set(key, { text, bulletLastUsed });
  held += key.length + text.length;
}

/**
 * `state.containerPhrasing`, remembering what each table cell printed as. A table without padded
 * columns prints each cell on its own (between pipes), and a sentence prints alike wherever it
 * stands within the same constructs with the same characters either side: the rows of a model's
 * table repeat in every table that nests that model.
 */
export function rememberingCells(state: State): State['containerPhrasing'] {
  const phrasing = state.containerPhrasing;
  return function remembered(this: State, parent, info) {
    if (parent.type !== 'tableCell') return phrasing.call(this, parent, info);
    const key = keyOf(state, parent, info.before, info.after);
    const known = memo.get(key);
    if (known) return known.text;
    const text = phrasing.call(this, parent, info);
    remember(key, text);
    return text;
  };
}

/**
 * `state.handle`, remembering what each block of the root printed as. A block of the root is printed
 * with the same surroundings wherever it stands (a line break either side, at the start of a line),
 * and only a list reads what came before it (the bullet of a list right before it), so the same
 * block prints the same text. A large description repeats its models on many pages (GitHub's
 * `simple-user` is in hundreds of operations): each is printed once per thread.
 */
export function rememberingHandle(root: Root, state: State): State['handle'] {
  const handle = state.handle;
  if (!root.children.every((child) => FLOW.has(child.type))) return handle;
  // Handlers read other handlers off `state.handle` (its `handlers`, for their `peek`): kept.
  return Object.assign(
    function remembered(this: unknown, node, parent, inner, info) {
      if (parent !== root) return handle.call(this, node, parent, inner, info);
      const block = node as RootContent;
      const key = keyOf(state, block, block.type === 'list' ? (state.bulletLastUsed ?? '') : '');
      const known = memo.get(key);
      if (known) {
        if (block.type === 'list') state.bulletLastUsed = known.bulletLastUsed;
        return known.text;
      }
      const text = handle.call(this, node, parent, inner, info);
      remember(key, text, state.bulletLastUsed);
      return text;
    } as State['handle'],
    handle,
  );
}
