import { API_KIND, DOCS_KIND, KIND_FILTER, SERVICE_FILTER } from '../../search/paths.js';
import type { SearchHit, SearchScope } from '../../search/model.js';
import { SEARCH_HIT_PREFIX } from '../../site-ids.js';
import { isSafeUrl } from '../../url-policy.js';
import type { Engine } from '../../search/rank/engine.js';
import { answers } from '../../search/rank/run.js';
import { sectionScore } from '../../search/rank/section-score.js';
import type { LoadedSearch, PagefindData } from './pagefind.js';

/** Results shown for a query (each with up to `SECTIONS` sections). */
const RESULTS = 10;
const SECTIONS = 3;

/** The options for a query in a scope: the site's ranking of Pagefind's results, each page with its best sections. */
export async function searchHits(search: LoadedSearch, term: string, scope: SearchScope): Promise<SearchHit[]> {
  const { pagefind, symbols } = search;
  const engine: Engine = {
    search: async (text, filters) => (await pagefind.search(text, { filters }))?.results ?? [],
  };
  const found = await answers(engine, symbols, term, document.documentElement.lang, scopeFilters(scope), RESULTS);
  // The index holds the site's own links; the one URL policy holds for them all the same.
  return found.flatMap(({ data }, index) => hitsOf(data, index)).filter((hit) => isSafeUrl(hit.href));
}

function scopeFilters(scope: SearchScope): Record<string, string> {
  if (scope.kind === 'docs') return { [KIND_FILTER]: DOCS_KIND };
  if (scope.kind === 'api')
    return { [KIND_FILTER]: API_KIND, ...(scope.service ? { [SERVICE_FILTER]: scope.service } : {}) };
  return {};
}

function hitsOf(data: PagefindData, index: number): SearchHit[] {
  const title = data.meta.title || data.url;
  if (data.filters[KIND_FILTER]?.includes(API_KIND)) {
    const context = [data.meta.service, data.meta.kind].filter(Boolean).join(' · ');
    return [
      { id: `${SEARCH_HIT_PREFIX}${index}`, href: data.url, title, context, excerpt: data.excerpt, section: false },
    ];
  }
  const page: SearchHit = {
    id: `${SEARCH_HIT_PREFIX}${index}`,
    href: data.url,
    title,
    context: undefined,
    excerpt: data.excerpt,
    section: false,
  };
  // The sections where the words weigh most (rare words more than "how" or "a"), in the page's
  // order; a heading without an id has no section.
  const sections = (data.sub_results ?? [])
    .map((sub, at) => ({ sub, at, found: sectionScore(sub) }))
    .filter(({ sub, found }) => found > 0 && Boolean(sub.anchor?.id) && sub.url !== data.url)
    .sort((a, b) => b.found - a.found || a.at - b.at)
    .slice(0, SECTIONS)
    .sort((a, b) => a.at - b.at);
  return [
    page,
    ...sections.map(({ sub }, at): SearchHit => ({
      id: `${SEARCH_HIT_PREFIX}${index}-${at}`,
      href: sub.url,
      title: sub.title,
      context: title,
      excerpt: sub.excerpt,
      section: true,
    })),
  ];
}
