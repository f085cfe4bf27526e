import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';

/** Our verdict on a document, as the agreement table records it: the rules it breaks at error level, sorted. */
export function ourVerdict(diagnostics: readonly Diagnostic[]): string[] {
  return [...new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule))].sort();
}
