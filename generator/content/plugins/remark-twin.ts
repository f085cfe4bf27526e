import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { pageState } from './page-state.js';

/**
 * The last remark plugin of a page: it keeps the page's Markdown syntax tree as the other plugins
 * leave it (links and images rewritten to site paths, admonitions recognised, directives written in
 * prose turned back into text), from which the page's Markdown twin is made (`generator/markdown/`).
 * Kept now, while the tree is at hand, it costs a copy; making it later would mean parsing the page
 * again, and a page from the build cache has no tree at all.
 */
export function remarkCaptureTwin() {
  return (tree: Root, file: VFile): void => {
    pageState(file).twin.tree = serializeTwinTree(tree);
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Nodes that render nothing (comments, front matter) or nothing a twin may carry (raw HTML, which `.md` pages drop too). */
const DROPPED = new Set(['mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm', 'yaml', 'html', 'toml']);
/** Nodes whose place in the source is kept: those a twin's link check may report on. */
const LOCATED = new Set(['link', 'image', 'definition', 'mdxJsxFlowElement', 'mdxJsxTextElement']);

/**
 * The tree as compact JSON: without positions (but the start of what a link check may report),
 * plugin data and estree; a JSX attribute keeps its name and its value as written (a string, or
 * the source of a literal expression).
 */
export function serializeTwinTree(tree: Root): string {
  return JSON.stringify(compact(tree as unknown as Record<string, unknown>));
}

function compact(node: Record<string, unknown>): Json {
  const out: Record<string, Json> = {};
  // A loop over the keys rather than `Object.entries`, whose pair for every key of every node was most of the time spent here.
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    const value = node[key];
    if (value === undefined || key === 'data') continue;
    if (key === 'position') {
      const start = (value as { start?: { line: number; column: number } } | undefined)?.start;
      if (LOCATED.has(node.type as string) && start)
        out.position = { start: { line: start.line, column: start.column } };
    } else if (key === 'children' && Array.isArray(value)) {
      const children: Json[] = [];
      for (const child of value as Array<Record<string, unknown>>)
        if (!DROPPED.has(child.type as string)) children.push(compact(child));
      out.children = children;
    } else if (key === 'attributes' && Array.isArray(value)) {
      out.attributes = (value as Array<Record<string, unknown>>).flatMap((attribute): Json[] => {
        if (attribute.type !== 'mdxJsxAttribute') return [];
        const raw = attribute.value as string | null | { value?: unknown } | undefined;
        const written = raw === null || raw === undefined ? null : typeof raw === 'string' ? raw : raw.value;
        return [
          {
            name: attribute.name as string,
            value: written === null ? null : String(written),
            literal: typeof raw === 'object' && raw !== null,
          },
        ];
      });
    } else {
      out[key] = value as Json;
    }
  }
  return out;
}
