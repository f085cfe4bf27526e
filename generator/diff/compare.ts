import type { Contract } from '../contracts/validate.js';
import { compareText } from '../diagnostics/diagnostic.js';
import { HTTP_METHODS } from '../contracts/walk.js';
import { displayPath } from '../sources/display-path.js';
import { groupKey, type ApiChange, type DiffReport } from './change.js';
import { ChangeLog } from './change-log.js';
import { backticked, code, phrase } from './inline-code.js';
import { compareOperations } from './operations.js';
import { BOTH_DIRECTIONS, SchemaComparer } from './schemas.js';
import { Side } from './side.js';
import { schemaDirections } from './usage.js';

export interface DiffInput {
  contract: Contract;
  /** The version's name (its file name in a folder of versions, else `info.version`). */
  version: string;
}

/**
 * What changed from `old` to `new`, judged from the integrator's side: operations first (what
 * they take and give), then the named schemas, each compared once and judged by how it is used.
 */
export function diffContracts(old: DiffInput, neu: DiffInput): DiffReport {
  const before = new Side(old.contract);
  const after = new Side(neu.contract);
  const log = new ChangeLog(before, after);
  const schemas = new SchemaComparer(log, before, after);
  compareOperations({ log, before, after, schemas });
  const directions = schemaDirections([before, after]);
  const container = after.child(after.root, after.swagger2 ? 'definitions' : 'components') ?? after.root;
  const holder = (after.swagger2 ? container : after.child(container, 'schemas')) ?? container;
  for (const name of [...new Set([...before.schemas.keys(), ...after.schemas.keys()])].sort(compareText)) {
    const o = before.schemas.get(name);
    const n = after.schemas.get(name);
    const group = { kind: 'schema' as const, name };
    if (o && !n) {
      log.add(
        { group, root: holder },
        {
          kind: 'schema-removed',
          breaking: true,
          subject: 'the schema',
          message: 'removed',
          reason: `integrators that import its type (\`${name}\`) lose it`,
          at: holder,
          was: o,
        },
      );
    } else if (!o && n) {
      log.add(
        { group, root: n },
        { kind: 'schema-added', breaking: false, subject: 'the schema', message: 'added', at: n },
      );
    } else if (o && n) {
      // A schema no operation uses is still a type integrators import: judge it both ways.
      const used = directions.get(name);
      schemas.compareResolved(o, n, {
        scope: { group, root: n },
        directions: used && used.size > 0 ? used : BOTH_DIRECTIONS,
        path: '',
        subject: (path) => (path ? phrase`field ${code(path)}` : 'the schema'),
      });
    }
  }
  return {
    old: { file: displayPath(old.contract.path), version: old.version },
    new: { file: displayPath(neu.contract.path), version: neu.version },
    changes: log.changes.sort(compareChanges),
  };
}

const METHOD_ORDER = new Map<string, number>(HTTP_METHODS.map((m, i) => [m, i]));

/** Operations by path and method, then schemas by name; inside a group breaking first, then in file order. */
function compareChanges(a: ApiChange, b: ApiChange): number {
  const ga = a.group;
  const gb = b.group;
  if (ga.kind !== gb.kind) return ga.kind === 'operation' ? -1 : 1;
  const byGroup =
    ga.kind === 'operation' && gb.kind === 'operation'
      ? compareText(ga.path, gb.path) || (METHOD_ORDER.get(ga.method) ?? 0) - (METHOD_ORDER.get(gb.method) ?? 0)
      : compareText(groupKey(ga), groupKey(gb));
  return (
    byGroup ||
    Number(b.breaking && !b.acknowledged) - Number(a.breaking && !a.acknowledged) ||
    Number(b.breaking) - Number(a.breaking) ||
    compareText(a.at.file, b.at.file) ||
    a.at.line - b.at.line ||
    a.at.column - b.at.column ||
    compareText(backticked(a.subject), backticked(b.subject)) ||
    compareText(backticked(a.message), backticked(b.message))
  );
}
