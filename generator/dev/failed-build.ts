import type { DevBuild } from './session.js';

/**
 * A build that ended in an error of specsite's own rather than of the project's files: one located
 * line (at `specsite`), so the terminal and the browser overlay show it as they show any problem.
 */
export function failedBuild(message: string): DevBuild {
  return {
    ok: false,
    files: new Map(),
    complete: false,
    diagnostics: [{ file: 'specsite', line: 0, column: 0, severity: 'error', rule: 'internal', message }],
    rendered: [],
    ms: 0,
  };
}
