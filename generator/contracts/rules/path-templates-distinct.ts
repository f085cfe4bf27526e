import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * `/a/{x}` and `/a/{y}` match the same requests: the specification says such paths MUST NOT exist
 * (a server could not tell them apart, nor can a client's router). Reported at the second one.
 */
export const pathTemplatesDistinct: ContractRule = {
  id: 'path-templates-distinct',
  severity: 'error',
  configurable: true,
  doc: 'no two paths differ only in the names of their parameters (`/a/{x}` and `/a/{y}`), which the specification forbids',
  run({ sources, pathItems }) {
    const first = new Map<string, string>();
    const out: Diagnostic[] = [];
    for (const site of pathItems) {
      if (site.kind !== 'path') continue;
      const shape = site.key.replace(/\{[^{}]*\}/g, '{}');
      const previous = first.get(shape);
      if (previous === undefined) first.set(shape, site.key);
      else if (previous !== site.key)
        out.push(
          report(
            sources,
            site.keySite,
            pathTemplatesDistinct.id,
            `path ${site.key} differs from ${previous} only in the names of its parameters, so both match the same requests; keep one`,
            { target: 'key' },
          ),
        );
    }
    return out;
  },
};
