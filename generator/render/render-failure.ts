import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { API_UNAVAILABLE } from '../content/types.js';
import { UnknownServiceError } from '../../templates/mdx/contract/unknown-service.js';

/**
 * The line of a page that failed to render, located at its source. A page that failed because it
 * uses an API whose contract has errors says so, naming where the contract's first error is
 * (`unavailable`: API id → that place): the contract's error is the cause, this line a consequence.
 */
export function renderFailure(
  page: { route: string; display?: string },
  error: unknown,
  unavailable: ReadonlyMap<string, string> | undefined,
): Diagnostic {
  const at = { file: page.display ?? page.route, line: 1, column: 1, severity: 'error' as const };
  const cause = error instanceof UnknownServiceError ? unavailable?.get(error.service) : undefined;
  if (cause !== undefined && error instanceof UnknownServiceError)
    return {
      ...at,
      rule: API_UNAVAILABLE,
      message: `uses the ${error.service} API, which is unavailable: see ${cause}`,
      cause,
    };
  return {
    ...at,
    rule: 'render',
    message: `the page failed to render: ${error instanceof Error ? error.message : String(error)}`,
  };
}
