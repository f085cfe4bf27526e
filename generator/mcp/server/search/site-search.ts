import MiniSearch from 'minisearch';
import pMap from 'p-map';
import type { PublishedSite } from '../site.js';
import { twinSections } from './sections.js';
import { snippet } from './snippet.js';
import { tokenize } from './tokenize.js';

/** One thing a search can find: a section of a page, an operation or a model of an API's newest version. */
interface SearchDocument {
  id: number;
  kind: 'section' | 'operation' | 'model';
  title: string;
  /** The page's title, or the API's. */
  page: string;
  text: string;
  /** operationId, method and path; a model's name. */
  ids: string;
  tags: string;
  url: string;
  service?: string;
  route?: string;
  method?: string;
  path?: string;
  operationId?: string;
}

export interface SearchHit {
  kind: SearchDocument['kind'];
  title: string;
  page: string;
  url: string;
  route?: string;
  service?: string;
  method?: string;
  path?: string;
  operationId?: string;
  snippet: string;
  score: number;
}

const STORED = ['kind', 'title', 'page', 'text', 'url', 'service', 'route', 'method', 'path', 'operationId'] as const;

/**
 * A full-text index (MiniSearch, in memory) of the site: each docs page, standalone page and post
 * by section (from its Markdown twin), and each operation and model of every API's newest version,
 * made on the first search. Older versions are reached through `list_operations`.
 */
export class SiteSearch {
  private constructor(private readonly index: MiniSearch<SearchDocument>) {}

  static async open(site: PublishedSite): Promise<SiteSearch> {
    const documents: SearchDocument[] = [];
    const add = (document: Omit<SearchDocument, 'id'>): void =>
      void documents.push({ ...document, id: documents.length });
    const pages = site.index.pages.filter((page) => page.kind !== 'api' && page.twin !== undefined);
    // Read a few at a time: a site of thousands of pages must not open thousands of files at once.
    const twins = await pMap(pages, (page) => site.twin(page).catch(() => ''), { concurrency: 32 });
    for (const [i, page] of pages.entries()) {
      for (const section of twinSections(twins[i] ?? '', page)) {
        const url = site.pageUrl(page.route) + (section.anchor ? `#${section.anchor}` : '');
        add({
          kind: 'section',
          title: section.heading,
          page: page.title,
          text: section.text,
          ids: '',
          tags: '',
          url,
          route: page.route,
        });
      }
    }
    for (const api of site.index.apis) {
      const newest = api.versions[0];
      if (!newest) continue;
      const reference = await site.reference(newest).catch(() => ({ operations: [], models: [] }));
      for (const op of reference.operations)
        add({
          kind: 'operation',
          title: op.summary || `${op.method} ${op.path}`,
          page: api.title,
          text: op.description ?? '',
          ids: [op.operationId ?? '', op.method, op.path].join(' '),
          tags: op.tags.join(' '),
          url: site.url(op.href),
          service: api.id,
          method: op.method,
          path: op.path,
          operationId: op.operationId,
        });
      for (const model of reference.models)
        add({
          kind: 'model',
          title: model.name,
          page: api.title,
          text: model.description ?? '',
          ids: model.name,
          tags: '',
          url: site.url(model.href),
          service: api.id,
        });
    }
    const index = new MiniSearch<SearchDocument>({
      fields: ['title', 'page', 'text', 'ids', 'tags'],
      storeFields: [...STORED],
      tokenize,
      searchOptions: {
        boost: { title: 3, ids: 3, tags: 1.5, page: 1 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      },
    });
    index.addAll(documents);
    return new SiteSearch(index);
  }

  search(query: string, limit: number): SearchHit[] {
    const terms = tokenize(query).map((t) => t.toLowerCase());
    return this.index
      .search(query)
      .slice(0, limit)
      .map((result) => {
        const stored = result as unknown as Pick<SearchDocument, (typeof STORED)[number]>;
        const hit: SearchHit = {
          kind: stored.kind,
          title: stored.title,
          page: stored.page,
          url: stored.url,
          snippet: snippet(stored.text, terms),
          score: Math.round(result.score * 100) / 100,
        };
        for (const key of ['route', 'service', 'method', 'path', 'operationId'] as const)
          if (stored[key] !== undefined) hit[key] = stored[key];
        return hit;
      });
  }
}
