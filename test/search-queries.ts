import { readFile } from 'node:fs/promises';

/** An expected answer: a page, a page's section (`#anchor`), a prefix (`/api/rag/*`), or any one of several. */
export type Expected = string | string[];

export interface SearchQuery {
  query: string;
  top3: Expected[];
}

/** The query set of the real site (test/fixtures/search-queries.json). */
export async function searchQueries(): Promise<SearchQuery[]> {
  const parsed = JSON.parse(await readFile('test/fixtures/search-queries.json', 'utf8')) as { queries: SearchQuery[] };
  return parsed.queries;
}

/** Whether one of `urls` (paths with their anchors, as the site links them) is what `expected` names. */
export function meets(expected: Expected, urls: readonly string[]): boolean {
  return (Array.isArray(expected) ? expected : [expected]).some((want) =>
    urls.some((url) =>
      want.endsWith('*')
        ? url.startsWith(want.slice(0, -1))
        : want.includes('#')
          ? url === want
          : url.split('#')[0] === want,
    ),
  );
}

/** The queries of the set whose expected answers are not all among `answer(query)`'s, with what came instead. */
export async function misses(
  queries: readonly SearchQuery[],
  answer: (query: string) => Promise<string[]>,
): Promise<string[]> {
  const out: string[] = [];
  for (const { query, top3 } of queries) {
    const urls = await answer(query);
    if (!top3.every((expected) => meets(expected, urls))) out.push(`${query} → ${urls.join(' ')}`);
  }
  return out;
}
