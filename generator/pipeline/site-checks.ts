import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import { duplicateTitles, type TitledPage } from '../content/titles.js';
import { contractVoice } from '../content/voice.js';
import type { LoadedApi } from '../contracts/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { applyRuleSeverities } from '../diagnostics/severity.js';
import { referenceTitle } from '../render/api/reference-pages.js';
import { apiTitle } from '../render/api/api-title.js';
import type { SourceFile } from '../sources/source-file.js';

/**
 * The content rules that look across the site rather than at one page: the contracts' prose
 * (`voice`; the pages' own prose is checked as they compile) and the pages' titles (`duplicate-title`),
 * at the severities the config chose.
 */
export function checkSiteText(
  config: Pick<ResolvedConfig, 'rules'>,
  configSource: SourceFile,
  apis: readonly LoadedApi[],
  content: Pick<ContentResult, 'docs' | 'pages'>,
): Diagnostic[] {
  return applyRuleSeverities(
    [...contractVoice(apis), ...duplicateTitles(titledPages(configSource, apis, content))],
    config.rules,
  );
}

/** Each content page, and each API's reference at its route (its other pages are titled after it). */
function titledPages(
  configSource: SourceFile,
  apis: readonly LoadedApi[],
  content: Pick<ContentResult, 'docs' | 'pages'>,
): TitledPage[] {
  const pages: TitledPage[] = [...content.docs, ...content.pages].map((page) => ({
    route: page.route,
    title: page.frontMatter.title,
    where: () => ({ file: page.display, ...page.frontMatter.titleAt }),
  }));
  for (const { api, versions } of apis) {
    const newest = versions[0]?.contract;
    if (!newest) continue;
    const info = newest.document.info as Record<string, unknown> | undefined;
    // Where the title comes from: the config's `title`, the contract's `info.title`, or the API's id.
    const file = api.title === undefined && typeof info?.title === 'string' ? newest.sources.root : configSource;
    const path =
      file !== configSource ? ['info', 'title'] : ['apis', api.index, api.title !== undefined ? 'title' : 'id'];
    pages.push({
      route: api.route,
      title: referenceTitle(apiTitle(api.title, newest.document, api.id)),
      where: () => ({ file: file.display, ...file.locate(path) }),
    });
  }
  return pages;
}
