import { API_KIND, DOCS_KIND, KIND_FILTER, SERVICE_FILTER } from '../../search/paths.js';
import type { SearchHit, SearchScope } from '../../search/model.js';
import { SEARCH_HIT_PREFIX } from '../../site-ids.js';
import { isSafeUrl } from '../../url-policy.js';
import type { Pagefind, PagefindData } from './pagefind.js';
import { queryTerms } from './query-terms.js';

/** Results shown for a query (each with up to `SECTIONS` sections). */
const RESULTS = 10;
const SECTIONS = 3;

/** The options for a query in a scope: Pagefind's best results, each page with its best sections. */
export async function searchHits(pagefind: Pagefind, term: string, scope: SearchScope): Promise<SearchHit[]> {
  const search = await pagefind.search(queryTerms(term, document.documentElement.lang), {
    filters: scopeFilters(scope),
  });
  const top = (search?.results ?? []).slice(0, RESULTS);
  const data = await Promise.all(top.map((result) => result.data()));
  // The index holds the site's own links; the one URL policy holds for them all the same.
  return data.flatMap((result, index) => hitsOf(result, index)).filter((hit) => isSafeUrl(hit.href));
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

/** How much a section matched: the ranking's score of each word found in it. */
function sectionScore(sub: NonNullable<PagefindData['sub_results']>[number]): number {
  const weighted = sub.weighted_locations ?? [];
  if (weighted.length === 0) return sub.locations?.length ?? 0;
  return weighted.reduce((sum, word) => sum + (word.balanced_score ?? 1), 0);
}
