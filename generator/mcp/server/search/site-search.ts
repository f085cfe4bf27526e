import { DOCS_KIND, API_KIND, KIND_FILTER, SEARCH_FOLDER } from '../../../../templates/search/paths.js';
import type { EngineData } from '../../../../templates/search/rank/engine.js';
import { answers, type Answer } from '../../../../templates/search/rank/run.js';
import {
  NO_SYMBOLS,
  readSymbols,
  SYMBOLS_FILE,
  type SearchSymbols,
} from '../../../../templates/search/rank/symbols.js';
import { routeOf } from '../routes.js';
import type { PublishedSite } from '../site.js';
import { ToolError } from '../tool-error.js';
import { openPagefindIndex } from './pagefind-node.js';
import { plainExcerpt } from './excerpt.js';
import { sectionScore } from '../../../../templates/search/rank/section-score.js';

export type HitKind = 'section' | 'operation' | 'model';

export interface SearchHit {
  kind: HitKind;
  title: string;
  page: string;
  url: string;
  route?: string;
  service?: string;
  method?: string;
  path?: string;
  operationId?: string;
  snippet: string;
}

/**
 * The site's search as the MCP server answers it: the built site's own index (Pagefind's, in
 * `site/pagefind/`) and the one ranking the search dialog uses (`answers`), so that a query gets the
 * same answers in both. A docs page's answer is its best section.
 */
export class SiteSearch {
  private constructor(
    private readonly site: PublishedSite,
    private readonly engine: Awaited<ReturnType<typeof openPagefindIndex>>,
    private readonly symbols: SearchSymbols,
    private readonly language: string,
  ) {
    this.operations = new Map(symbols.operations.map((entry) => [entry[3], entry]));
  }

  /** The symbols' operations by URL: what a hit says of its call. */
  private readonly operations: Map<string, SearchSymbols['operations'][number]>;

  static async open(site: PublishedSite): Promise<SiteSearch> {
    const folder = `site/${SEARCH_FOLDER}`;
    let engine: Awaited<ReturnType<typeof openPagefindIndex>>;
    try {
      engine = await openPagefindIndex(await site.files.folder(folder));
    } catch {
      throw new ToolError(`the build's search index (${folder}) cannot be read; run \`specsite build\` again`);
    }
    const symbols = await site.files.bytes(`${folder}${SYMBOLS_FILE}`).then(readSymbols, () => NO_SYMBOLS);
    const entry = await site.files
      .json<{ languages?: Record<string, unknown> }>(`${folder}pagefind-entry.json`)
      .catch(() => undefined);
    const language = Object.keys(entry?.languages ?? {})[0] ?? 'unknown';
    return new SiteSearch(site, engine, symbols, language);
  }

  async search(query: string, limit: number, kind?: HitKind): Promise<SearchHit[]> {
    const filters: Record<string, string> =
      kind === undefined ? {} : { [KIND_FILTER]: kind === 'section' ? DOCS_KIND : API_KIND };
    const kinds = kind === undefined ? undefined : new Set([kind === 'section' ? 'page' : kind] as const);
    const found = await answers(this.engine, this.symbols, query, this.language, filters, limit, kinds);
    return found.map((answer) => this.hit(answer));
  }

  close(): Promise<void> {
    return this.engine.close();
  }

  private hit({ data, kind }: Answer): SearchHit {
    if (kind === 'page') return this.section(data);
    const service = this.site.index.apis.find((api) => api.title === data.meta.service);
    const operation = this.operations.get(data.url);
    const hit: SearchHit = {
      kind: kind === 'model' ? 'model' : 'operation',
      title: data.meta.title ?? data.url,
      page: data.meta.service ?? '',
      url: this.site.url(data.url),
      snippet: plainExcerpt(data.excerpt),
    };
    if (service) hit.service = service.id;
    if (kind === 'operation' && operation) {
      hit.method = operation[0];
      hit.path = operation[1];
      hit.operationId = operation[2];
    }
    return hit;
  }

  /** A page's answer: the section where the query's words weigh most, else the page. */
  private section(data: EngineData): SearchHit {
    const best = [...(data.sub_results ?? [])]
      .map((sub, at) => ({ sub, at, found: sectionScore(sub) }))
      .sort((a, b) => b.found - a.found || a.at - b.at)[0]?.sub;
    const url = best?.url ?? data.url;
    const hit: SearchHit = {
      kind: 'section',
      title: best?.title ?? data.meta.title ?? url,
      page: data.meta.title ?? url,
      url: this.site.url(url),
      snippet: plainExcerpt(best?.excerpt ?? data.excerpt),
    };
    try {
      hit.route = routeOf(url, this.site.root);
    } catch {
      // A URL of the index that is no route of the site: the hit still leads to it.
    }
    return hit;
  }
}
