export type Severity = 'error' | 'warning';

/** One problem a user can act on, located in one of their files. */
export interface Diagnostic {
  /** Path as the user would type it: relative to the working directory when inside it. */
  file: string;
  /** 1-based; 0 when the problem concerns the file as a whole (it does not exist, say). */
  line: number;
  column: number;
  severity: Severity;
  rule: string;
  message: string;
  /** JSON pointer inside the file, when the problem is about a node of a document. */
  pointer?: string;
  /**
   * A consequence of another problem: where that one is reported (`openapi/x.yaml:12:5`). Every
   * problem without a cause is printed before any with one, so the root of a cascade comes first.
   */
  cause?: string;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    Number(a.cause !== undefined) - Number(b.cause !== undefined) ||
    compareText(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.rule, b.rule) ||
    compareText(a.message, b.message)
  );
}

/** Byte-order comparison: unlike localeCompare it is the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted (root causes first), with exact repeats removed (one bad component referenced fifty times is one problem). */
export function normalizeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of [...list].sort(compareDiagnostics)) {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.rule}\0${d.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(d);
    }
  }
  return out;
}

export function countBySeverity(list: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const d of list) if (d.severity === 'error') errors++;
  return { errors, warnings: list.length - errors };
}
