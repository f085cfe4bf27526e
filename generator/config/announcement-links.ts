import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { locatedAt } from '../sources/zod-issues.js';
import { UNSAFE_URL } from '../sources/zod-policies.js';
import { isSafeUrl, unsafeUrlMessage } from '../../templates/url-policy.js';

/**
 * The announcement bar's Markdown links, held to the URL policy like a page's: rendering would
 * drop a refused link to its text, but the config's author should hear of it. A scheme needs a
 * colon, written or as a character reference, so text without either is not parsed at all.
 */
export async function announcementLinkProblems(content: string | undefined, source: SourceFile): Promise<Diagnostic[]> {
  if (content === undefined || !/[:&]/.test(content)) return [];
  const [{ unified }, { default: remarkParse }] = await Promise.all([import('unified'), import('remark-parse')]);
  const pending: unknown[] = [unified().use(remarkParse).parse(content)];
  const out: Diagnostic[] = [];
  while (pending.length > 0) {
    const node = pending.pop() as { type: string; url?: string; children?: unknown[] };
    if (typeof node.url === 'string' && !isSafeUrl(node.url))
      out.push(
        locatedAt(
          source,
          ['announcementBar', 'content'],
          UNSAFE_URL,
          `the announcement's link: ${unsafeUrlMessage(node.url)}`,
        ),
      );
    if (node.children) pending.push(...node.children);
  }
  return out;
}
