import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { kib } from '../client/budget.js';
import type { PageBudget } from './api/page-budget.js';

/** What one rendered reference page weighs at load. */
export interface PageWeight {
  apiId: string;
  route: string;
  /** The output file, as in the build's files (`site/api/x/index.html`). */
  file: string;
  htmlBytes: number;
  elements: number;
}

/** Each API's largest reference page, against the budget the reference was split by. */
export interface ApiPagesReport {
  apiId: string;
  pages: number;
  largest: { route: string; htmlBytes: number; elements: number };
  budget: PageBudget;
  withinBudget: boolean;
}

/**
 * The elements of a page: its start tags. The HTML is React's, which escapes every `<` in text and
 * attribute values, so each `<` before a letter opens an element (the doctype and comments do not).
 */
export function countElements(html: string): number {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end === -1) break;
      at = end;
      continue;
    }
    const next = html.charCodeAt(at + 1);
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) count++;
  }
  return count;
}

export function pageWeight(page: Omit<PageWeight, 'htmlBytes' | 'elements'>, html: string | Uint8Array): PageWeight {
  const text = typeof html === 'string' ? html : Buffer.from(html).toString('utf8');
  return { ...page, htmlBytes: Buffer.byteLength(text), elements: countElements(text) };
}

function within(weight: Pick<PageWeight, 'htmlBytes' | 'elements'>, budget: PageBudget): boolean {
  return weight.htmlBytes <= budget.htmlBytes && weight.elements <= budget.elements;
}

/** Per API, in the order first seen: how many reference pages, the largest (by bytes) and whether every page is within budget. */
export function apiPagesReport(weights: readonly PageWeight[], budget: PageBudget): ApiPagesReport[] {
  const byApi = new Map<string, PageWeight[]>();
  for (const weight of weights) byApi.set(weight.apiId, [...(byApi.get(weight.apiId) ?? []), weight]);
  return [...byApi].map(([apiId, pages]) => {
    const largest = pages.reduce((a, b) =>
      b.htmlBytes > a.htmlBytes || (b.htmlBytes === a.htmlBytes && b.elements > a.elements) ? b : a,
    );
    return {
      apiId,
      pages: pages.length,
      largest: { route: largest.route, htmlBytes: largest.htmlBytes, elements: largest.elements },
      budget: { ...budget },
      withinBudget: pages.every((page) => within(page, budget)),
    };
  });
}

/** A warning for each reference page over the budget: the reference's estimate of its size was wrong, or one operation or schema alone is larger. */
export function pageBudgetDiagnostics(weights: readonly PageWeight[], budget: PageBudget): Diagnostic[] {
  return weights
    .filter((weight) => !within(weight, budget))
    .map((weight) => ({
      file: weight.file,
      line: 0,
      column: 0,
      severity: 'warning',
      rule: 'page-budget',
      message: `the ${weight.apiId} reference page ${weight.route} weighs ${kib(weight.htmlBytes)} of HTML and ${weight.elements} elements, over its budget of ${kib(budget.htmlBytes)} and ${budget.elements} elements`,
    }));
}

/** The build's summary of the reference pages: the largest page of all, against the budget (empty without APIs). */
export function largestApiPage(reports: readonly ApiPagesReport[]): string {
  const [largest] = [...reports].sort((a, b) => b.largest.htmlBytes - a.largest.htmlBytes);
  if (!largest) return '';
  const { route, htmlBytes, elements } = largest.largest;
  const within = reports.every((r) => r.withinBudget) ? 'every API page within' : 'some API page over';
  return `; largest API page ${route} ${kib(htmlBytes)}, ${elements} elements (${within} the budget of ${kib(largest.budget.htmlBytes)}, ${largest.budget.elements} elements)`;
}
