import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { displayPath } from '../../sources/display-path.js';
import type { FoundFile } from '../discover.js';
import { descriptionDiagnostics } from '../description.js';
import { normalizeRoute, routeDiagnostics } from '../routes.js';
import { frontMatterVoice } from '../voice.js';
import type { PageSource } from '../types.js';
import { dateProblem, splitDatedName } from './dates.js';
import { BLOG_DATE, readPostFrontMatter } from './front-matter.js';
import type { PostMeta } from './types.js';

export type ReadPost =
  { ok: true; page: PageSource; meta: PostMeta; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/**
 * A post file's identity: `2025-01-31-hello.mdx` is the post `hello` of that day, at
 * `{blogRoute}hello/`. Front matter `date` and `slug` win over the file name's; folders under
 * `blog/` only sort the files, and are not part of the route.
 */
export function readPost(found: FoundFile, blogRoute: string): ReadPost {
  const read = readPostFrontMatter(found.file, found.text);
  if (!read.ok) return read;
  const { post } = read;
  const name = (found.relPath.split('/').pop() as string).replace(/\.mdx?$/, '');
  const dated = splitDatedName(name);
  const at = { file: displayPath(found.file), line: 1, column: 1, severity: 'error' as const, rule: BLOG_DATE };
  let date = post.date;
  if (date === undefined) {
    if (!dated)
      return failed(at, `the post has no date: start its file name with it (2025-01-31-${name}.mdx) or give "date"`);
    const problem = dateProblem(dated.date);
    if (problem !== undefined) return failed(at, `the date ${JSON.stringify(dated.date)} of the file name ${problem}`);
    date = dated.date;
  }
  const slug = post.frontMatter.slug ?? (dated ? dated.rest : name);
  if (slug === '')
    return failed(
      { ...at, rule: 'front-matter' },
      `the file name is a date alone: name the post after it (${name}-title.mdx) or give "slug"`,
    );
  const page: PageSource = {
    kind: 'post',
    file: found.file,
    display: displayPath(found.file),
    relPath: found.relPath,
    id: slug,
    route: normalizeRoute(`${blogRoute}${slug}`),
    format: found.relPath.endsWith('.md') ? 'md' : 'mdx',
    text: found.text,
    frontMatter: post.frontMatter,
  };
  const refused = routeDiagnostics(page);
  if (refused.length > 0) return { ok: false, diagnostics: refused };
  const meta: PostMeta = { date, authors: post.authors, tags: post.tags, draft: post.draft };
  return {
    ok: true,
    page,
    meta,
    diagnostics: [...frontMatterVoice(page.display, read.yaml, page.frontMatter), ...descriptionDiagnostics(page)],
  };
}

function failed(at: Omit<Diagnostic, 'message'>, message: string): ReadPost {
  return { ok: false, diagnostics: [{ ...at, message }] };
}
