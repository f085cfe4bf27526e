import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/** Every `$ref` points at something that exists: a file that parses and a pointer inside it. */
export const refsResolve: ContractRule = {
  id: 'ref-resolves',
  run({ sources }) {
    return sources.refs.flatMap((site) => {
      const result = sources.resolve(site.file, site.ref);
      return result.ok ? [] : [report(sources, site, 'ref-resolves', `broken $ref: ${result.message}`, { extra: ['$ref'] })];
    });
  },
};
