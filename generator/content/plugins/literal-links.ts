import type { Processor } from 'unified';

/**
 * Whether a page's text may hold a GFM literal link: `www.` or `http(s)://` (in any case), or an
 * `@` (an e-mail, `mailto:` or `xmpp:` address). A character reference or an escape can spell any of
 * them in the parsed text without the source doing so (`&#64;`, `http\://`), so `&` and `\` count too.
 */
export function mayHoldLiteralLinks(text: string): boolean {
  return /[@&\\]|www\.|https?:\/\//i.test(text);
}

type FromMarkdownExtension = { transforms?: unknown[]; enter?: Record<string, unknown> };
type Extensions = Array<FromMarkdownExtension | FromMarkdownExtension[]>;
/** What this module reads of a micromark syntax extension: its text constructs, by character code. */
type Construct = { name?: string };
type SyntaxExtension = { text?: Record<string, Construct | Construct[] | null | undefined> };

/** The constructs of micromark-extension-gfm-autolink-literal, by the names it gives them. */
const LITERAL_LINK_CONSTRUCTS: ReadonlySet<string> = new Set(['wwwAutolink', 'protocolAutolink', 'emailAutolink']);

/**
 * After remark-gfm, for pages without literal links (`mayHoldLiteralLinks`), the search for them is
 * left out, in the parser and after it. The parser tries an e-mail address at the start of every
 * word (each letter and digit is one's possible first character): a seventh of parsing a page with
 * no `@` in it. After the parse, remark-gfm searches every text of the tree with a regular
 * expression each, in a walk of the whole tree (an eighth of the parse). Each of the parser's
 * literal links needs `www.`, `http(s)://` or `@` in the source as written, and the search after it
 * finds nothing without them either, so the tree is the same.
 */
export function remarkWithoutLiteralLinkSearch(this: Processor): void {
  const data = this.data() as { fromMarkdownExtensions?: Extensions; micromarkExtensions?: SyntaxExtension[] };
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map(withoutLiteralLinkConstructs);
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map((extension) =>
    Array.isArray(extension) ? extension.map(withoutSearch) : withoutSearch(extension),
  );
}

/** The extension of mdast-util-gfm-autolink-literal (the one that handles `literalAutolink` tokens), without its transform. */
function withoutSearch(extension: FromMarkdownExtension): FromMarkdownExtension {
  return extension.enter && 'literalAutolink' in extension.enter ? { ...extension, transforms: [] } : extension;
}

/** A syntax extension (remark-gfm's gives every GFM construct in one) without the literal links' text constructs. */
function withoutLiteralLinkConstructs(extension: SyntaxExtension): SyntaxExtension {
  const text = extension.text;
  if (!text) return extension;
  const kept: Record<string, Construct[]> = {};
  let removed = false;
  for (const [code, value] of Object.entries(text)) {
    const list = Array.isArray(value) ? value : value ? [value] : [];
    const others = list.filter((construct) => !LITERAL_LINK_CONSTRUCTS.has(construct.name ?? ''));
    if (others.length !== list.length) removed = true;
    if (others.length > 0) kept[code] = others;
  }
  return removed ? { ...extension, text: kept } : extension;
}
