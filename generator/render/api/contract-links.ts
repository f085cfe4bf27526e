import type { UrlResolver } from '../markdown.js';
import type { VersionLayout } from './layout.js';
import type { TagGroup } from './operations.js';
import { asRecord, asString } from './resolver.js';

/**
 * Where a link without a scheme in a contract's text points. Such a link was written for wherever
 * the document was published, not for this site, where it would lead to a page that does not exist:
 * - `#anchor` naming one of this version's operations or tags leads to it, on whichever page it is;
 *   any other fragment is shown as its text;
 * - any other relative URL (`/docs/x`, `../guide`, `page?q`) is resolved against the origin of the
 *   document's `externalDocs.url`, else of its first absolute http(s) server URL (server variables at
 *   their defaults; a 2.0 document's `schemes` and `host` are servers by then); with neither, the
 *   link is shown as its text.
 */
export function contractUrls(document: Record<string, unknown>, anchors: ReadonlyMap<string, string>): UrlResolver {
  const base = documentOrigin(document);
  return (url) => {
    if (url.startsWith('#')) return anchors.get(safeDecode(url.slice(1)));
    if (base === undefined) return undefined;
    try {
      return new URL(url, base).href;
    } catch {
      return undefined;
    }
  };
}

/** Each operation's and tag's anchor, with the link to it on its page. */
export function versionAnchors(groups: readonly TagGroup[], layout: VersionLayout): Map<string, string> {
  const anchors = new Map<string, string>();
  for (const group of groups) {
    const page = layout.pageOf(group);
    anchors.set(group.anchor, `${page}#${group.anchor}`);
    for (const op of group.operations) anchors.set(op.id, `${page}#${op.id}`);
  }
  return anchors;
}

/** The origin (with a trailing slash) the document's own relative links are taken to be on. */
export function documentOrigin(document: Record<string, unknown>): string | undefined {
  const docs = httpOrigin(asString(asRecord(document.externalDocs).url));
  if (docs) return docs;
  for (const server of Array.isArray(document.servers) ? document.servers : []) {
    const { url, variables } = asRecord(server);
    const values = asRecord(variables);
    const filled = asString(url).replace(/\{([^}]*)\}/g, (_, name: string) =>
      Object.hasOwn(values, name) ? asString(asRecord(values[name]).default) : '',
    );
    const origin = httpOrigin(filled);
    if (origin) return origin;
  }
  return undefined;
}

function httpOrigin(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.host === '' ? undefined : `${parsed.origin}/`;
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
