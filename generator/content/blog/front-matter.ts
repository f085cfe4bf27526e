import { slug as githubSlug } from 'github-slugger';
import { z } from 'zod';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { routeProblem } from '../../sources/route-policy.js';
import type { SourceFile } from '../../sources/source-file.js';
import { validRoute } from '../../sources/zod-policies.js';
import { parseFrontMatter } from '../front-matter.js';
import type { FrontMatter } from '../types.js';
import { dateProblem } from './dates.js';
import type { PostAuthor, PostTag } from './types.js';

/** The rule of a post's date: in its file name or front matter, a real day written `YYYY-MM-DD`. */
export const BLOG_DATE = 'blog-date';

const text = z.string().trim().min(1);
/** Tags a post may have, and characters a tag may have. */
export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 100;
const author = z.union([
  text,
  z.strictObject({
    name: text,
    url: z
      .url({ protocol: /^https?$/, error: 'must be an http or https URL, like "https://example.com/jane"' })
      .optional(),
    title: text.optional(),
  }),
]);

const postSchema = z.strictObject({
  title: text,
  description: text.optional(),
  authors: z.union([author, z.array(author)]).optional(),
  // A tag is a page of its own: a bound on each post keeps the pages a post can make in proportion to it.
  tags: z.array(text.max(MAX_TAG_LENGTH)).max(MAX_TAGS).optional(),
  date: z.string().optional(),
  slug: validRoute(z.string().min(1), 'the slug').optional(),
  draft: z.boolean().default(false),
  search: z.boolean().optional(),
});

/** A post's front matter, checked. */
export interface PostFrontMatter {
  frontMatter: FrontMatter;
  /** As written (checked): it wins over the file name's. */
  date: string | undefined;
  authors: PostAuthor[];
  tags: PostTag[];
  draft: boolean;
}

export type PostFrontMatterResult =
  { ok: true; post: PostFrontMatter; yaml: SourceFile } | { ok: false; diagnostics: Diagnostic[] };

/** Reads and checks a post's front matter; problems are located in the post's file. */
export function readPostFrontMatter(file: string, pageText: string): PostFrontMatterResult {
  const parsed = parseFrontMatter(file, pageText, postSchema);
  if (!parsed.ok) return parsed;
  const data = parsed.data;
  const diagnostics: Diagnostic[] = [];
  const problem = data.date === undefined ? undefined : dateProblem(data.date);
  if (problem !== undefined)
    diagnostics.push(parsed.locate(['date'], BLOG_DATE, `the date ${JSON.stringify(data.date)} ${problem}`));
  const tags: PostTag[] = [];
  for (const [index, label] of (data.tags ?? []).entries()) {
    const slug = githubSlug(label);
    if (slug === '' || routeProblem(slug) !== undefined)
      diagnostics.push(
        parsed.locate(
          ['tags', index],
          'front-matter',
          `the tag ${JSON.stringify(label)} gives no route (its page is named by its letters and digits); use words`,
        ),
      );
    else if (!tags.some((tag) => tag.slug === slug)) tags.push({ label, slug });
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  const authors = data.authors === undefined ? [] : Array.isArray(data.authors) ? data.authors : [data.authors];
  const title = parsed.yaml.locate(['title']);
  return {
    ok: true,
    yaml: parsed.yaml,
    post: {
      frontMatter: {
        title: data.title,
        titleAt: { line: title.line + 1, column: title.column },
        description: data.description,
        sidebarLabel: undefined,
        sidebarPosition: undefined,
        slug: data.slug,
        id: undefined,
        search: data.search ?? true,
      },
      date: data.date,
      authors: authors.map((a) =>
        typeof a === 'string'
          ? { name: a, url: undefined, title: undefined }
          : { name: a.name, url: a.url, title: a.title },
      ),
      tags,
      draft: data.draft,
    },
  };
}
