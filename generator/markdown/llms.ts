import type { ResolvedConfig } from '../config/resolve.js';
import { heading, link, list, paragraph, singleLine, text, type Flow, type Phrasing } from './nodes.js';
import type { TwinSource } from './pages.js';
import type { TwinUrls } from './urls.js';

/** The site paths of the two files for language models. */
export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';

/**
 * The blocks of `/llms.txt` as llmstxt.org describes it: the site's title, its summary quoted, a
 * line on how the pages are offered, then a section of links per part of the site (the docs in
 * sidebar order, the standalone pages, the blog, each API reference), each link to a page's Markdown
 * with its description. Every page is listed once.
 */
export function llmsTxtBlocks(
  config: ResolvedConfig,
  sources: readonly TwinSource[],
  apiTitles: ReadonlyMap<string, string>,
  urls: TwinUrls,
): Flow[] {
  const summary = singleLine(config.description ?? config.tagline);
  const blocks: Flow[] = [heading(1, text(singleLine(config.title)))];
  if (summary !== '') blocks.push({ type: 'blockquote', children: [paragraph(text(summary))] });
  blocks.push(
    paragraph(
      text('Each page of this site is also published as Markdown, at its address followed by '),
      { type: 'inlineCode', value: 'index.md' },
      text(', which the links below lead to. '),
      ...link(urls.file(`/${LLMS_FULL_TXT}`), [text(LLMS_FULL_TXT)]),
      text(' holds every page in one file.'),
    ),
  );
  const sections: Array<{ title: string; sources: TwinSource[] }> = [
    { title: 'Docs', sources: sources.filter((s) => s.kind === 'doc') },
    { title: 'Pages', sources: sources.filter((s) => s.kind === 'page') },
  ];
  const blog = sources.filter((s) => s.kind === 'blog');
  if (blog.length > 0) sections.push({ title: singleLine(config.blog.title), sources: blog });
  for (const source of sources) {
    if (source.page.kind !== 'api') continue;
    const apiId = source.page.page.apiId;
    const title = `${apiTitles.get(apiId) ?? apiId} reference`;
    const last = sections.at(-1);
    if (last?.title === title) last.sources.push(source);
    else sections.push({ title, sources: [source] });
  }
  for (const section of sections) {
    if (section.sources.length === 0) continue;
    blocks.push(heading(2, text(section.title)), list(section.sources.map((s) => entry(s, urls))));
  }
  return blocks;
}

function entry(source: TwinSource, urls: TwinUrls): Phrasing[] {
  const description = singleLine(source.description ?? '');
  return [
    ...link(urls.twin(source.route), [text(singleLine(source.title))]),
    ...(description !== '' ? [text(`: ${description}`)] : []),
  ];
}
