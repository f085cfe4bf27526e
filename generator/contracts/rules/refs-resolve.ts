import { isRecord } from '../../sources/pointer.js';
import type { ContractSources, RefSite } from '../sources.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * Every `$ref` points at something that exists: a file that parses and a pointer inside it. A file
 * outside the project is `path-outside-project` instead, for a `$ref` written inside data too (the
 * bundlers would follow it); so is a remote `$ref` there (`ref-resolves`): neither is ever read.
 */
export const refsResolve: ContractRule = {
  id: 'ref-resolves',
  run({ sources }) {
    const inData = sources.dataRefs.flatMap((site) => {
      const problem = sources.dataRefProblem(site);
      return problem ? [report(sources, site, problem.rule, `${problem.rule === 'ref-resolves' ? 'broken $ref: ' : ''}${problem.message}`, { extra: ['$ref'] })] : [];
    });
    return inData.concat(sources.refs.flatMap((site) => {
      const result = sources.resolve(site.file, site.ref);
      if (!result.ok) return [report(sources, site, result.rule, `${result.rule === 'ref-resolves' ? 'broken $ref: ' : ''}${result.message}`, { extra: ['$ref'] })];
      // A chain of $refs that comes back to where it started never reaches a schema: it means "anything".
      return refOnlyCycle(sources, site)
        ? [report(sources, site, 'ref-resolves', `$ref "${site.ref}" leads back to itself through $refs only, so it describes nothing; point it at a schema`, { extra: ['$ref'], severity: 'warning' })]
        : [];
    }));
  },
};

function refOnlyCycle(sources: ContractSources, site: RefSite): boolean {
  const start = `${site.file.path}#${site.segments.join('/')}`;
  let current = { file: site.file, segments: site.segments, value: undefined as unknown, ref: site.ref };
  for (let hops = 0; hops < 32; hops++) {
    const next = sources.resolve(current.file, current.ref);
    if (!next.ok || !isRecord(next.target.value) || typeof next.target.value.$ref !== 'string') return false;
    if (`${next.target.file.path}#${next.target.segments.join('/')}` === start) return true;
    current = { file: next.target.file, segments: next.target.segments, value: next.target.value, ref: next.target.value.$ref };
  }
  return false;
}
