import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ClientAssets, ScriptLoad } from './build.js';

/**
 * The most gzipped JavaScript a page may load as it opens (issue 45; issue 5's were 60 and 80 KB):
 * what a page uses later (the search dialog, the progress bar) loads when first needed and is not
 * counted. An API page loads the reference's behaviours besides a docs page's script.
 */
export const JS_BUDGETS = { doc: 20 * 1024, api: 25 * 1024 } as const;

export interface JavaScriptWeight {
  /** The entry's site path. */
  file: string;
  /** A docs page's: the entry and the chunks it imports. */
  bytes: number;
  gzipBytes: number;
  /** The files each kind of page loads as it opens, and their weight. */
  load: { doc: ScriptLoad; api: ScriptLoad };
  /** Gzipped bytes allowed per docs page and per API page. */
  budgets: { doc: number; api: number };
}

export function javascriptWeight(client: ClientAssets): JavaScriptWeight {
  return {
    file: client.js,
    bytes: client.jsBytes,
    gzipBytes: client.jsGzipBytes,
    load: client.load,
    budgets: { ...JS_BUDGETS },
  };
}

/** A warning for each kind of page whose JavaScript is over its budget. */
export function budgetDiagnostics(weight: JavaScriptWeight): Diagnostic[] {
  return (['doc', 'api'] as const)
    .filter((kind) => weight.load[kind].gzipBytes > weight.budgets[kind])
    .map((kind) => ({
      file: weight.file,
      line: 0,
      column: 0,
      severity: 'warning',
      rule: 'js-budget',
      message: `a ${kind === 'doc' ? 'docs' : 'API'} page loads ${kib(weight.load[kind].gzipBytes)} of gzipped JavaScript as it opens, over its budget of ${kib(weight.budgets[kind])}`,
    }));
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
