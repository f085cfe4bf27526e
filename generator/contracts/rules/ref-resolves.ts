import { isRecord } from '../../sources/pointer.js';
import type { ContractSources, RefSite } from '../sources.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * Every `$ref` points at something that exists: a file that parses and a pointer inside it. A file
 * outside the project is `path-outside-project` instead, for a `$ref` written inside data too (the
 * bundlers would follow it); so is a remote `$ref` there (`ref-resolves`): neither is ever read.
 */
export const refResolves: ContractRule = {
  id: 'ref-resolves',
  severity: 'error',
  configurable: false,
  doc: 'every `$ref` reaches an existing file and pointer; a remote one (`http:`, `https:`, `file:`, any other scheme, `//host/…`) is an error and is never fetched; a `$ref` chain that loops back to itself is a warning, once per loop whatever its length',
  run({ sources }) {
    const inData = sources.dataRefs.flatMap((site) => {
      const problem = sources.dataRefProblem(site);
      return problem
        ? [
            report(
              sources,
              site,
              problem.rule,
              `${problem.rule === refResolves.id ? 'broken $ref: ' : ''}${problem.message}`,
              { extra: ['$ref'] },
            ),
          ]
        : [];
    });
    const broken = sources.refs.flatMap((site) => {
      const result = sources.resolve(site.file, site.ref);
      return result.ok
        ? []
        : [
            report(
              sources,
              site,
              result.rule,
              `${result.rule === refResolves.id ? 'broken $ref: ' : ''}${result.message}`,
              { extra: ['$ref'] },
            ),
          ];
    });
    // A chain of $refs that comes back to where it started never reaches a schema: it means "anything".
    const cycles = refOnlyCycles(sources).map(({ site, length }) => {
      const message =
        length === 1
          ? `$ref "${site.ref}" leads back to itself through $refs only, so it describes nothing; point it at a schema`
          : `$ref "${site.ref}" leads back to itself through $refs only (a loop of ${length} $refs), so none of them describes anything; point one at a schema`;
      return report(sources, site, refResolves.id, message, { extra: ['$ref'], severity: 'warning' });
    });
    return [...inData, ...broken, ...cycles];
  },
};

const keyOf = (node: Pick<RefSite, 'file' | 'segments'>) => `${node.file.path}#${node.segments.join('\0')}`;

/**
 * Every loop of `$ref`s that only lead to other `$ref`s, found once each whatever its length: each
 * `$ref` has at most one successor, so one pass with an explicit path (no recursion) visits every
 * node once. A loop is reported at its member written first.
 */
function refOnlyCycles(sources: ContractSources): { site: RefSite; length: number }[] {
  const order = new Map<string, number>();
  sources.refs.forEach((site, index) => order.set(keyOf(site), index));
  const state = new Map<string, 'open' | 'done'>();
  const found: { site: RefSite; length: number }[] = [];
  for (const start of sources.refs) {
    const path: RefSite[] = [];
    const onPath = new Map<string, number>();
    let current: RefSite | undefined = start;
    while (current && !state.has(keyOf(current))) {
      const key = keyOf(current);
      state.set(key, 'open');
      onPath.set(key, path.length);
      path.push(current);
      const next = sources.resolve(current.file, current.ref);
      current =
        next.ok && isRecord(next.target.value) && typeof next.target.value.$ref === 'string'
          ? { file: next.target.file, segments: next.target.segments, ref: next.target.value.$ref }
          : undefined;
    }
    const loopStart = current ? onPath.get(keyOf(current)) : undefined;
    if (loopStart !== undefined) {
      const members = path.slice(loopStart);
      const first = members.reduce((a, b) =>
        (order.get(keyOf(b)) ?? Infinity) < (order.get(keyOf(a)) ?? Infinity) ? b : a,
      );
      const written = sources.refs[order.get(keyOf(first)) ?? -1] ?? first;
      found.push({ site: written, length: members.length });
    }
    for (const site of path) state.set(keyOf(site), 'done');
  }
  return found.sort((a, b) => (order.get(keyOf(a.site)) ?? 0) - (order.get(keyOf(b.site)) ?? 0));
}
