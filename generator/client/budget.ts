import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ClientAssets } from './build.js';

/** The most gzipped JavaScript a page may load (issue 5); every page loads the one bundle. */
export const JS_BUDGETS = { doc: 60 * 1024, api: 80 * 1024 } as const;

export interface JavaScriptWeight {
  /** The bundle's site path. */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Gzipped bytes allowed per docs page and per API page. */
  budgets: { doc: number; api: number };
}

export function javascriptWeight(client: ClientAssets): JavaScriptWeight {
  return { file: client.js, bytes: client.jsBytes, gzipBytes: client.jsGzipBytes, budgets: { ...JS_BUDGETS } };
}

/** A warning for each kind of page whose JavaScript is over its budget. */
export function budgetDiagnostics(weight: JavaScriptWeight): Diagnostic[] {
  return (['doc', 'api'] as const)
    .filter((kind) => weight.gzipBytes > weight.budgets[kind])
    .map((kind) => ({
      file: weight.file,
      line: 0,
      column: 0,
      severity: 'warning',
      rule: 'js-budget',
      message: `a ${kind === 'doc' ? 'docs' : 'API'} page loads ${kib(weight.gzipBytes)} of gzipped JavaScript, over its budget of ${kib(weight.budgets[kind])}`,
    }));
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
