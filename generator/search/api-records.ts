import type { OperationModel, SchemaSectionModel } from '../../templates/api/model.js';
import { API_KIND, KIND_FILTER, SERVICE_FILTER } from '../../templates/search/paths.js';
import type { BuildCache } from '../cache/store.js';
import { withBase } from '../content/plugins/urls.js';
import type { ApiPage } from '../render/api/pages.js';
import type { LazyReference } from '../render/index.js';
import { nodeText } from './node-text.js';
import { stepKey } from '../cache/step-key.js';

/** One result of the API reference: an operation or a model, at its anchor on the page it lives on. */
export interface ApiRecord {
  url: string;
  content: string;
  meta: { title: string; kind: 'Operation' | 'Model'; service: string };
  filters: Record<string, string[]>;
}

/**
 * The index's records of the API reference: every operation and every model of each API's newest
 * version, each its own result. Older versions are left out (they would repeat every operation), and
 * so are the changelogs. Kept in the cache under the reference's key, so a build whose reference
 * pages all come from the cache builds no reference model for search either.
 */
export async function apiRecords(reference: LazyReference, baseUrl: string, cache: BuildCache): Promise<ApiRecord[]> {
  if (reference.pages.length === 0) return [];
  const key = stepKey(cache, 'search-api', { reference: reference.key, baseUrl });
  const cached = await cache.get<ApiRecord[]>('search-api', key);
  if (cached) return cached;
  const records = (await reference.full()).pages.flatMap((page) => pageRecords(page, baseUrl));
  records.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  await cache.set('search-api', key, records);
  return records;
}

function pageRecords(page: ApiPage, baseUrl: string): ApiRecord[] {
  const { model } = page;
  if (model.kind === 'changelog' || model.versions[0]?.current === false) return [];
  const service = model.title;
  const at = (anchor: string): string => `${withBase(baseUrl, page.route)}#${anchor}`;
  const filters = { [KIND_FILTER]: [API_KIND], [SERVICE_FILTER]: [service] };
  return [
    ...model.sections.flatMap((section) =>
      section.operations.map((op): ApiRecord => ({
        url: at(op.id),
        content: operationText(op, section.name),
        meta: { title: operationTitle(op), kind: 'Operation', service },
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

/** `GET /api/v1/search — Search the tenant's documents`. */
export function operationTitle(op: Pick<OperationModel, 'method' | 'path' | 'summary'>): string {
  const call = `${op.method.toUpperCase()} ${op.path.map((part) => part.text).join('')}`;
  return op.summary ? `${call} — ${op.summary}` : call;
}

/** What a reader may type to find an operation: its call and summary, id, tag, description and parameters. */
function operationText(op: OperationModel, tag: string): string {
  return sentences([
    operationTitle(op),
    op.id,
    tag,
    nodeText(op.description),
    ...op.parameters.map((p) => `${p.name} ${nodeText(p.description)} ${p.enumValues.map(jsonText).join(' ')}`),
  ]);
}

/** A model's name, description, its properties (names and descriptions) and its allowed values. */
function modelText({ name, schema }: SchemaSectionModel): string {
  return sentences([
    name,
    schema.title ?? '',
    nodeText(schema.description),
    ...schema.properties.map((p) => `${p.name} ${p.schema.kind === 'node' ? nodeText(p.schema.description) : ''}`),
    schema.enumValues.map(jsonText).join(' '),
  ]);
}

/** The parts as one text, each ending as a sentence (so that an excerpt reads as written). */
function sentences(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (/[.!?:;]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

/** An allowed value as the reference shows it (JSON) without a string's quotes: `"ROOLBACK"` → `ROOLBACK`. */
function jsonText(value: string): string {
  return /^".*"$/.test(value) ? value.slice(1, -1) : value;
}
