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

/**
 * After remark-gfm, for pages without literal links (`mayHoldLiteralLinks`): its search of every text
 * of the tree for them, a regular expression each and a walk of the whole tree (an eighth of the
 * parse), is left out. What it would find is nothing, so the tree is the same.
 */
export function remarkWithoutLiteralLinkSearch(this: Processor): void {
  const data = this.data() as { fromMarkdownExtensions?: Extensions };
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map((extension) =>
    Array.isArray(extension) ? extension.map(withoutSearch) : withoutSearch(extension),
  );
}

/** The extension of mdast-util-gfm-autolink-literal (the one that handles `literalAutolink` tokens), without its transform. */
function withoutSearch(extension: FromMarkdownExtension): FromMarkdownExtension {
  return extension.enter && 'literalAutolink' in extension.enter ? { ...extension, transforms: [] } : extension;
}
