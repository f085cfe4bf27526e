import Negotiator from 'negotiator';

/** The two forms a page of the site comes in: the page, and its Markdown twin. */
const PAGE_TYPES = ['text/html', 'text/markdown'] as const;

/**
 * Whether a request's `Accept` prefers Markdown to HTML, its q-values weighed as HTTP says: yes for
 * `text/markdown`, no for `text/html,text/markdown;q=0.9`, `*\/*`, `text/*` or no header at all
 * (a tie goes to the type the client lists first, and to HTML when a wildcard stands for both).
 */
export function prefersMarkdown(accept: string | string[] | undefined): boolean {
  const header = Array.isArray(accept) ? accept.join(', ') : accept;
  const headers = header === undefined ? {} : { accept: header };
  return new Negotiator({ headers }).mediaType(PAGE_TYPES) === 'text/markdown';
}

/** The site file of a page's Markdown twin (`docs/x/index.md`) when `file` is a page (`docs/x/index.html`). */
export function twinFile(file: string): string | undefined {
  return file === 'index.html' || file.endsWith('/index.html') ? `${file.slice(0, -'html'.length)}md` : undefined;
}

/** Caches must keep a page and its twin apart: both answer the same URL. */
export const VARY_ACCEPT = { vary: 'Accept' } as const;
