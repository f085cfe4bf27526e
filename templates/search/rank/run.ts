import { API_KIND, DOCS_KIND, KIND_FILTER, SERVICE_FILTER } from '../paths.js';
import type { Engine, EngineData, EngineResult } from './engine.js';
import { order, type Candidate, type ResultKind } from './order.js';
import { matchPath } from './path-match.js';
import { identifierKey, type SearchSymbols } from './symbols.js';
import { understand, type QueryPlan } from './understand.js';

/** Results of the query as typed whose data is read, and of each other spelling. */
const READ_FIRST = 6;
const READ_OTHERS = 3;
/** Operations a call may match, at most. */
const PATH_MATCHES = 5;

/** The kind filter's value for a search of one kind alone. */
const KIND_OF = { pages: DOCS_KIND, reference: API_KIND } as const;

export interface Answer {
  data: EngineData;
  kind: ResultKind;
}

/**
 * The answers to a query, best first: the one ranking of the site's search, which the search dialog
 * and the MCP server both ask. The query is read first (`understand`), the full-text index is asked
 * for it and its other spellings, what it names exactly is taken from the symbols, and all of it is
 * ordered by what the query asks for (`order`). `filters`: Pagefind's, which the exact answers obey too.
 */
export async function answers(
  engine: Engine,
  symbols: SearchSymbols,
  query: string,
  language: string,
  filters: Record<string, string>,
  limit: number,
  /** Only results of these kinds (the reference's filter holds operations and models alike). */
  kinds?: ReadonlySet<ResultKind>,
): Promise<Answer[]> {
  const plan = understand(query, language, symbols);
  // One kind alone is not asked for when the scope is the other.
  const searches = plan.searches.filter(
    ({ only }) => only === undefined || filters[KIND_FILTER] === undefined || filters[KIND_FILTER] === KIND_OF[only],
  );
  const found = await Promise.all(
    searches.map(({ text, only }) =>
      engine.search(text, only ? { ...filters, [KIND_FILTER]: KIND_OF[only] } : filters),
    ),
  );
  const read = new Map<string, { result: EngineResult; score: number }>();
  for (const [at, results] of found.entries()) {
    const weight = searches[at]?.weight ?? 1;
    for (const result of results.slice(0, at === 0 ? READ_FIRST : READ_OTHERS)) {
      const score = result.score * weight;
      const known = read.get(result.id);
      if (!known || known.score < score) read.set(result.id, { result, score });
    }
  }
  const loaded = await Promise.all(
    [...read.values()].map(async ({ result, score }) => ({ score, data: await result.data() })),
  );
  const candidates = new Map<string, Candidate<EngineData>>();
  for (const { score, data } of loaded) {
    const known = candidates.get(data.url);
    if (known && known.score >= score) continue;
    const kind = kindOf(data);
    candidates.set(data.url, { url: data.url, kind, score, exact: undefined, named: isNamed(plan, data), item: data });
  }
  for (const [rank, symbol] of exactSymbols(plan, symbols).entries()) {
    if (!allowed(symbol, filters)) continue;
    const known = candidates.get(symbol.url);
    const exact = symbol.exact ? rank : undefined;
    if (known)
      candidates.set(symbol.url, { ...known, exact: known.exact ?? exact, named: known.named || symbol.named });
    else candidates.set(symbol.url, { ...symbol, score: 0, exact });
  }
  return order(plan.intent, [...candidates.values()])
    .filter((c) => kinds === undefined || kinds.has(c.kind))
    .slice(0, limit)
    .map((c) => ({ data: c.item, kind: c.kind }));
}

function kindOf(data: EngineData): ResultKind {
  if (!data.filters[KIND_FILTER]?.includes(API_KIND)) return 'page';
  return data.meta.kind === 'Model' ? 'model' : 'operation';
}

/** Whether a result is the model or operation the query names in identifier form. */
function isNamed(plan: QueryPlan, data: EngineData): boolean {
  if (plan.key === '') return false;
  const kind = kindOf(data);
  if (kind === 'model') return identifierKey(data.meta.title ?? '') === plan.key;
  return kind === 'operation' && identifierKey(data.meta.operationId ?? '') === plan.key;
}

interface SymbolCandidate extends Omit<Candidate<EngineData>, 'score' | 'exact'> {
  /** Named exactly (first among the answers); otherwise a model named as the query reads, for a noun. */
  exact: boolean;
}

/** What the query names in the symbols: the operations a call matches, an identifier's namesakes, an error's operations. */
function exactSymbols(plan: QueryPlan, symbols: SearchSymbols): SymbolCandidate[] {
  const operation = (index: number): SymbolCandidate | undefined => {
    const entry = symbols.operations[index];
    if (!entry) return undefined;
    const [, , operationId, url, title, service] = entry;
    return {
      url,
      kind: 'operation',
      named: false,
      exact: true,
      item: apiData(url, { title, kind: 'Operation', service, operationId }),
    };
  };
  const model = ([name, url, service]: SearchSymbols['models'][number], exact: boolean): SymbolCandidate => ({
    url,
    kind: 'model',
    named: true,
    exact,
    item: apiData(url, { title: name, kind: 'Model', service }),
  });
  const defined = (c: SymbolCandidate | undefined): c is SymbolCandidate => c !== undefined;
  if (plan.path) return matchPath(plan.path, symbols.operations).slice(0, PATH_MATCHES).map(operation).filter(defined);
  if (plan.intent === 'error') return (plan.errorOperations ?? []).map(operation).filter(defined);
  if (plan.key === '') return [];
  const identifier = plan.intent === 'identifier';
  const out: SymbolCandidate[] = [];
  for (const [index, entry] of symbols.operations.entries())
    if (identifier && identifierKey(entry[2]) === plan.key) out.push(operation(index) as SymbolCandidate);
  for (const entry of symbols.models) if (identifierKey(entry[0]) === plan.key) out.push(model(entry, identifier));
  if (identifier) for (const entry of symbols.models) if (entry[3].includes(plan.typed)) out.push(model(entry, true));
  return out;
}

function apiData(url: string, meta: Record<string, string>): EngineData {
  return { url, meta, excerpt: '', filters: { [KIND_FILTER]: [API_KIND], [SERVICE_FILTER]: [meta.service ?? ''] } };
}

function allowed(symbol: SymbolCandidate, filters: Record<string, string>): boolean {
  if (filters[KIND_FILTER] === DOCS_KIND) return false;
  const service = filters[SERVICE_FILTER];
  return service === undefined || symbol.item.filters[SERVICE_FILTER]?.includes(service) === true;
}
