import type { ApiReferenceModel, OperationModel } from '../../templates/api/model.js';
import { API_KIND, KIND_FILTER, SERVICE_FILTER } from '../../templates/search/paths.js';
import type { SearchSymbols } from '../../templates/search/rank/symbols.js';
import type { BuildCache } from '../cache/store.js';
import { stepKey } from '../cache/step-key.js';
import { withBase } from '../content/plugins/urls.js';
import type { LazyReference } from '../render/index.js';
import {
  commonDescriptions,
  errorMessages,
  jsonText,
  modelText,
  operationText,
  operationTitle,
  pathText,
} from './api-text.js';
import { compounds } from './compounds.js';

/** One result of the API reference: an operation or a model, at its anchor on the page it lives on. */
export interface ApiRecord {
  url: string;
  content: string;
  meta: { title: string; kind: 'Operation' | 'Model'; service: string; operationId?: string };
  filters: Record<string, string[]>;
}

/** The reference as the search holds it: a record of the full-text index per operation and model, and the symbols. */
export interface ApiIndex {
  records: ApiRecord[];
  symbols: SearchSymbols;
}

/**
 * The search's view of the API reference: every operation and every model of each API's newest
 * version, each its own result. Older versions are left out (they would repeat every operation), and
 * so are the changelogs. Kept in the cache under the reference's key, so a build whose reference
 * pages all come from the cache builds no reference model for search either.
 */
export async function apiIndex(reference: LazyReference, baseUrl: string, cache: BuildCache): Promise<ApiIndex> {
  if (reference.pages.length === 0)
    return { records: [], symbols: { operations: [], models: [], errors: [], compounds: [] } };
  const key = stepKey(cache, 'search-api', { reference: reference.key, baseUrl });
  const cached = await cache.get<ApiIndex>('search-api', key);
  if (cached) return cached;
  const pages = (await reference.full()).pages.flatMap(({ route, model }): ShownPage[] =>
    model.kind !== 'changelog' && model.versions[0]?.current !== false ? [{ route, model }] : [],
  );
  // An API split over several pages shares its common responses across them all.
  const operations = new Map<string, OperationModel[]>();
  for (const { model } of pages)
    operations.set(model.title, [
      ...(operations.get(model.title) ?? []),
      ...model.sections.flatMap((section) => section.operations),
    ]);
  const common = new Map([...operations].map(([service, ops]) => [service, commonDescriptions(ops)]));
  const records = pages.flatMap((page) => pageRecords(page, baseUrl, common));
  records.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const index = { records, symbols: pageSymbols(pages, baseUrl) };
  await cache.set('search-api', key, index);
  return index;
}

/** A page of an API's newest version that is not its changelog. */
interface ShownPage {
  route: string;
  model: ApiReferenceModel;
}

function pageRecords(page: ShownPage, baseUrl: string, common: ReadonlyMap<string, Set<string>>): ApiRecord[] {
  const { model } = page;
  const service = model.title;
  const at = (anchor: string): string => `${withBase(baseUrl, page.route)}#${anchor}`;
  const filters = { [KIND_FILTER]: [API_KIND], [SERVICE_FILTER]: [service] };
  return [
    ...model.sections.flatMap((section) =>
      section.operations.map((op): ApiRecord => ({
        url: at(op.id),
        content: operationText(op, section.name, common.get(service) ?? new Set()),
        meta: { title: operationTitle(op), kind: 'Operation', service, operationId: op.id },
        filters,
      })),
    ),
    ...model.models.map((schema): ApiRecord => ({
      url: at(schema.anchor),
      content: modelText(schema),
      meta: { title: schema.name, kind: 'Model', service },
      filters,
    })),
  ];
}

/** The symbols of the pages, in URL order (each page's operations and models in the order they are shown). */
function pageSymbols(pages: readonly ShownPage[], baseUrl: string): SearchSymbols {
  const symbols: SearchSymbols = { operations: [], models: [], errors: [], compounds: [] };
  const errors = new Map<string, number[]>();
  const identifiers = new Set<string>();
  for (const page of pages) {
    const { model } = page;
    const at = (anchor: string): string => `${withBase(baseUrl, page.route)}#${anchor}`;
    for (const section of model.sections) {
      identifiers.add(section.name);
      for (const op of section.operations) {
        const index = symbols.operations.length;
        symbols.operations.push([op.method, pathText(op), op.id, at(op.id), operationTitle(op), model.title]);
        identifiers.add(op.id);
        for (const p of op.parameters) identifiers.add(p.name);
        for (const response of op.responses)
          if (/^[45]/.test(response.status))
            for (const message of errorMessages(response.contents.flatMap((c) => c.examples))) {
              const answering = errors.get(message) ?? [];
              if (!answering.includes(index)) answering.push(index);
              errors.set(message, answering);
            }
      }
    }
    for (const schema of model.models) {
      symbols.models.push([schema.name, at(schema.anchor), model.title, schema.schema.enumValues.map(jsonText)]);
      identifiers.add(schema.name);
      for (const p of schema.schema.properties) identifiers.add(p.name);
    }
  }
  symbols.errors = [...errors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  symbols.compounds = compounds(identifiers);
  return symbols;
}
