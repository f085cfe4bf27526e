import type { Intent } from './understand.js';

/** What a result is, for ordering: a docs or standalone page, an operation, or a model. */
export type ResultKind = 'page' | 'operation' | 'model';

/** One answer before ordering: from the full-text index (its score), or named exactly by the query (`exact`). */
export interface Candidate<T> {
  url: string;
  kind: ResultKind;
  /** The full-text index's score (0 for an exact answer the index did not find). */
  score: number;
  /** Named exactly by the query: its rank among those (0 first), or undefined. */
  exact: number | undefined;
  /** The model or operation named as the query reads in identifier form (`enrich item` → `EnrichItem`). */
  named: boolean;
  item: T;
}

/**
 * How much each kind of result weighs against the others, by what the query asks. A question or a
 * task wants the guide that does it; a status code wants the pages explaining it; an identifier or
 * a call wants the reference. Tuned on the query set in `test/fixtures/search-queries.json`.
 */
export const KIND_WEIGHTS: Record<Intent, Record<ResultKind, number>> = {
  path: { page: 0.5, operation: 1, model: 0.6 },
  identifier: { page: 0.6, operation: 1, model: 1 },
  error: { page: 1.5, operation: 1, model: 0.6 },
  status: { page: 2, operation: 1, model: 0.5 },
  task: { page: 3, operation: 0.6, model: 0.5 },
  noun: { page: 1.5, operation: 0.7, model: 1 },
};

/**
 * The answers in order:
 * - what the query names exactly (a call's operations, an identifier's model or operation) first;
 * - for an error message or a status code, the pages explaining it and the operations answering it, in turn;
 * - for a noun, the best page, then the model of that name, then the rest;
 * - the rest by the index's score times the weight of their kind.
 */
export function order<T>(intent: Intent, candidates: ReadonlyArray<Candidate<T>>): Array<Candidate<T>> {
  const weighted = (c: Candidate<T>): number => c.score * KIND_WEIGHTS[intent][c.kind];
  const exact = candidates
    .filter((c) => c.exact !== undefined)
    .sort((a, b) => (a.exact as number) - (b.exact as number));
  const rest = candidates
    .filter((c) => c.exact === undefined)
    .sort((a, b) => weighted(b) - weighted(a) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const bestPage = rest.find((c) => c.kind === 'page');
  // An error message or a status code: the pages explaining it and the operations answering it, in turn.
  if (intent === 'error' || intent === 'status')
    return unique(
      alternate(
        rest.filter((c) => c.kind === 'page'),
        [...exact, ...rest],
      ),
    );
  if (intent === 'noun') {
    const named = [...exact, ...rest].filter((c) => c.named && c.kind === 'model');
    return unique([...(bestPage ? [bestPage] : []), ...named, ...exact, ...rest]);
  }
  return unique([...exact, ...rest]);
}

function alternate<T>(a: ReadonlyArray<Candidate<T>>, b: ReadonlyArray<Candidate<T>>): Array<Candidate<T>> {
  const out: Array<Candidate<T>> = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b.find((c) => c.kind !== 'page' && !out.includes(c));
    if (x) out.push(x);
    if (y) out.push(y);
  }
  return [...out, ...b];
}

function unique<T>(candidates: ReadonlyArray<Candidate<T>>): Array<Candidate<T>> {
  const seen = new Set<string>();
  return candidates.filter((c) => !seen.has(c.url) && Boolean(seen.add(c.url)));
}
