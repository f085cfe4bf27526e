import type { ContractVersion } from '../contracts/index.js';
import { Side } from './side.js';

/** A version named in an item's history, with the anchor of that version's entry on the API's changelog page. */
export interface VersionMark {
  version: string;
  changelogAnchor: string;
}

/**
 * What one version of an API says about one of its operations or named schemas: the version that
 * brought it in, and the later (or same) versions that deprecated and removed it.
 */
export interface Lifetime {
  /** The oldest version of the unbroken run of versions, up to this one, that all have it. */
  introduced: VersionMark;
  /**
   * Where it is deprecated here: the version since which it has been, without a break; where it is
   * not: the first later version of the run that deprecates it. Undefined when neither.
   */
  deprecatedIn: VersionMark | undefined;
  /** The first later version without it; undefined when every later version has it. */
  removedIn: VersionMark | undefined;
}

/** The lifetimes of the operations (by `operationKey`: method and path) and named schemas (by name) of one version. */
export interface VersionLifetimes {
  operations: Map<string, Lifetime>;
  schemas: Map<string, Lifetime>;
}

/** The anchor of a version's entry on an API's changelog page (`/api/<id>/changelog/#v2.0.0`). */
export function changelogAnchor(version: string): string {
  return `v${version}`;
}

/**
 * The history of every operation and named schema of an API, seen from each of its versions
 * (newest first, as `LoadedApi.versions`), by version name. Operations are matched by method and
 * path and schemas by name, as the changelog matches them, so each mark names a version whose
 * changelog entry records the change. One removed and later added again starts a new life: the
 * versions from its return say it was introduced there, those before its removal that it was removed.
 * Empty for an API with one version: there is no history to tell.
 */
export function versionHistory(versions: readonly ContractVersion[]): Map<string, VersionLifetimes> {
  const out = new Map<string, VersionLifetimes>();
  if (versions.length < 2) return out;
  const oldestFirst = [...versions].reverse();
  const marks = oldestFirst.map(({ version }) => ({ version, changelogAnchor: changelogAnchor(version) }));
  const sides = oldestFirst.map(({ contract }) => new Side(contract));
  const operations = lifetimes(
    marks,
    sides.map((side) => {
      const deprecated = new Map<string, boolean>();
      for (const [key, site] of side.operations) deprecated.set(key, site.operation.value.deprecated === true);
      return deprecated;
    }),
  );
  const schemas = lifetimes(
    marks,
    sides.map((side) => new Map([...side.schemas].map(([name, node]) => [name, node.value.deprecated === true]))),
  );
  marks.forEach(({ version }, i) => {
    out.set(version, { operations: operations[i] ?? new Map(), schemas: schemas[i] ?? new Map() });
  });
  return out;
}

/**
 * For each version (oldest first), the lifetime of each item it has. `states[i]` maps the items of
 * version `i` to whether it deprecates them. One pass forward finds where each run and each
 * deprecated stretch began, one pass backward where the run ends and the next deprecation.
 */
function lifetimes(
  marks: readonly VersionMark[],
  states: ReadonlyArray<Map<string, boolean>>,
): Map<string, Lifetime>[] {
  const out = states.map(() => new Map<string, Lifetime>());
  const keys = new Set(states.flatMap((state) => [...state.keys()]));
  const n = marks.length;
  for (const key of keys) {
    const start: number[] = [];
    const deprecatedSince: Array<number | undefined> = [];
    for (let i = 0; i < n; i++) {
      const here = states[i]?.get(key);
      if (here === undefined) continue;
      const held = states[i - 1]?.get(key) !== undefined;
      start[i] = held ? (start[i - 1] as number) : i;
      deprecatedSince[i] = here
        ? held && deprecatedSince[i - 1] !== undefined
          ? deprecatedSince[i - 1]
          : i
        : undefined;
    }
    let removed: number | undefined;
    let nextDeprecated: number | undefined;
    for (let i = n - 1; i >= 0; i--) {
      const here = states[i]?.get(key);
      if (here === undefined) {
        removed = i;
        nextDeprecated = undefined;
        continue;
      }
      if (here) nextDeprecated = i;
      const deprecated = here ? deprecatedSince[i] : nextDeprecated;
      out[i]?.set(key, {
        introduced: marks[start[i] as number] as VersionMark,
        deprecatedIn: deprecated === undefined ? undefined : marks[deprecated],
        removedIn: removed === undefined ? undefined : marks[removed],
      });
    }
  }
  return out;
}
