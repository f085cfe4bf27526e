import type { ContractCatalog } from '../../../templates/mdx/contract-model.js';
import type { SourcePoint, TwinContext } from '../context.js';
import type { Flow, Phrasing } from '../nodes.js';

/** A node of a page's Markdown syntax tree as `serializeTwinTree` keeps it. */
export interface TwinNode {
  type: string;
  children?: TwinNode[];
  value?: string;
  position?: { start: SourcePoint };
  [key: string]: unknown;
}

/** A JSX element of a page (`<Card>`, `<b>`): its name, and each attribute's value as written. */
export interface JsxNode extends TwinNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: Array<{ name: string; value: string | null; literal: boolean }>;
  children: TwinNode[];
}

export function isJsx(node: TwinNode): node is JsxNode {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/**
 * A JSX attribute's value: a string as written, or the value of a literal expression (`title={"A"}`,
 * `` href={`/docs/`} ``, `count={3}`); undefined when absent or not a string-like literal.
 */
export function attribute(node: JsxNode, name: string): string | undefined {
  const found = node.attributes.find((a) => a.name === name);
  if (!found || found.value === null) return undefined;
  if (!found.literal) return found.value;
  const source = found.value.trim();
  if (/^`[^`$]*`$/.test(source)) return source.slice(1, -1);
  try {
    const value: unknown = JSON.parse(source);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the element is written in its page, for a link check to report at. */
export function sourcePoint(node: TwinNode): SourcePoint | undefined {
  return node.position?.start;
}

/** The text of a node and everything in it. */
export function textOf(node: TwinNode): string {
  if (typeof node.value === 'string' && !isJsx(node)) return node.value;
  return (node.children ?? []).map(textOf).join('');
}

/** What the site's components draw from besides the page: the site's title and tagline (`<Hero>`). */
export interface SiteText {
  title: string;
  tagline: string;
}

/** What a handler of JSX elements is given: the page's context, and the conversion of children. */
export interface Converter {
  readonly ctx: TwinContext;
  readonly catalog: ContractCatalog;
  readonly site: SiteText;
  /** Children of a container of blocks. */
  flow(children: readonly TwinNode[]): Flow[];
  /** Children of a sentence. */
  phrasing(children: readonly TwinNode[]): Phrasing[];
}

/** Turns one JSX element into Markdown: a site component, a contract component or an HTML element. */
export type JsxHandler = (node: JsxNode, page: Converter) => Flow[];
