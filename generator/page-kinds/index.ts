import { apiKind } from './api.js';
import { apiPartKind } from './api-part.js';
import { apiRedirectKind } from './api-redirect.js';
import { blogListKind } from './blog-list.js';
import { blogPostKind } from './blog-post.js';
import { blogTagKind } from './blog-tag.js';
import { blogTagsKind } from './blog-tags.js';
import { docKind } from './doc.js';
import type { PageKind, PageKindId } from './kind.js';
import { notFoundKind } from './not-found.js';
import { standaloneKind } from './standalone.js';

export type { DevEdit, KindContent, KindSite, PageKind, PageKindId } from './kind.js';
export type { RenderContext, RenderJob } from './render-context.js';

/**
 * Every kind of page, in the order of llms-full.txt (the docs, the standalone pages, the blog's
 * lists, posts, tags index and tag lists, the API references). Adding a kind: its module here, a
 * line below, and `test/page-kinds-registry.test.ts` holds it against every stage.
 */
export const PAGE_KINDS: readonly PageKind[] = [
  docKind,
  standaloneKind,
  blogListKind,
  blogPostKind,
  blogTagsKind,
  blogTagKind,
  apiKind,
  apiPartKind,
  apiRedirectKind,
  notFoundKind,
];

const BY_ID = new Map(PAGE_KINDS.map((kind) => [kind.id, kind]));

export function pageKind(id: PageKindId): PageKind {
  const kind = BY_ID.get(id);
  if (!kind) throw new Error(`no page kind ${id}`);
  return kind;
}
