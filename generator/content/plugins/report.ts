import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.js';

interface Positioned {
  position?: { start: { line: number; column: number } } | undefined;
}

/** Collects a page's problems, each located at the syntax node it is about. */
export class PageReport {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly display: string) {}

  /** `cause`: where the problem this one follows from is reported (see `Diagnostic.cause`). */
  add(node: Positioned | undefined, severity: Severity, rule: string, message: string, cause?: string): void {
    const start = node?.position?.start;
    this.diagnostics.push({
      file: this.display,
      line: start?.line ?? 1,
      column: start?.column ?? 1,
      severity,
      rule,
      message,
      ...(cause === undefined ? {} : { cause }),
    });
  }
}
