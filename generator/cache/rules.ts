import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { applyRuleSeverities, type RuleDescriptor, type RuleSeverities } from '../diagnostics/severity.js';
import { displayPath } from '../sources/display-path.js';
import type { BuildCache } from './store.js';

export const CACHE_UNTRUSTED_RULE = 'cache-untrusted';

export const cacheUntrusted: RuleDescriptor = {
  id: CACHE_UNTRUSTED_RULE,
  severity: 'warning',
  configurable: true,
  doc: "the build cache holds only entries signed with this machine's key (kept outside the project, see [The build cache](#the-build-cache)); entries it did not sign, such as a `.cache/` committed with a pull request, are ignored and made again, and a `.cache` or `.cache/specsite` that is a link is not used; said once per run",
};

/** The one line a run says about what it found in the cache and did not trust, if anything. */
export function cacheDistrustDiagnostics(cache: BuildCache, rules: RuleSeverities): Diagnostic[] {
  const distrust = cache.distrust();
  if (!distrust) return [];
  const message = distrust.refused
    ? `the build cache folder ${distrust.refused}; the cache is not used for this run (remove it, and let specsite make its own)`
    : `${distrust.foreign === 1 ? '1 entry' : `${distrust.foreign} entries`} of the build cache ${distrust.foreign === 1 ? 'was' : 'were'} not written by specsite on this machine (a cache committed or copied with the project, or one whose key is gone); ignored, and made again`;
  const diagnostic: Diagnostic = {
    file: displayPath(distrust.dir),
    line: 0,
    column: 0,
    severity: 'warning',
    rule: CACHE_UNTRUSTED_RULE,
    message,
  };
  return applyRuleSeverities([diagnostic], rules);
}
