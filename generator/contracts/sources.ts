import { dirname, resolve as resolvePath } from 'node:path';
import type { BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodePointer, encodePointer, getAtPointer, isRecord, type Segment } from '../sources/pointer.js';
import {
  outsideProjectMessage,
  PATH_OUTSIDE_PROJECT,
  projectAt,
  resolveInProject,
  type OutsideWhy,
  type Project,
} from '../sources/project-path.js';
import { forEachStructuralObject } from './walk-objects.js';
import { readSourceFile, type SourceFile } from '../sources/source-file.js';
import { safeDecode } from '../sources/safe-decode.js';
import { standaloneProject } from './standalone-project.js';

/** A node of a contract with the file and pointer it was read from. */
export interface Located<T = unknown> {
  file: SourceFile;
  segments: Segment[];
  value: T;
}

/** One `$ref` as written: where it stands and what it says. */
export interface RefSite {
  file: SourceFile;
  /** Pointer of the object that holds the `$ref` key. */
  segments: Segment[];
  ref: string;
}

/** `rule`: the rule a broken reference is reported under (`ref-resolves` unless it names a file outside the project). */
export type RefTarget = { ok: true; target: Located } | { ok: false; message: string; rule: string };

/** What a `$ref` names before anything is read: nothing outside its file, a file on disk, or something remote. */
export type RefKind = { kind: 'local' } | { kind: 'file'; path: string } | { kind: 'remote' };

/**
 * Every file of one contract: the root and each file reached through a `$ref`, parsed once, with
 * positions. Rules ask it to resolve references; nothing here ever reads the network, and no file
 * outside `project` (the config's folder, or the one `--root` gave) is read, symlinks followed.
 */
export class ContractSources {
  readonly files = new Map<string, SourceFile>();
  /** The `$ref`s of the contract's structure, the ones followed. */
  readonly refs: RefSite[] = [];
  /**
   * `$ref`s written inside data (an example's value, an `x-` extension): not part of the contract's
   * structure, but the bundlers follow them, so the files they name are held to the same boundary.
   */
  readonly dataRefs: RefSite[] = [];
  /** Files that `$ref`s name outside the project, or in it but never read (`OutsideWhy`): reported where the `$ref` stands. */
  readonly outside = new Map<string, OutsideWhy>();

  private constructor(
    readonly root: SourceFile,
    /** The folder nothing is read outside of. */
    readonly project: Project,
  ) {}

  /** `project`: the config's; without a config, the working folder (or the file's own folder when it lies elsewhere). */
  static async load(
    rootPath: string,
    project: Project = projectAt(standaloneProject(rootPath)),
    cache?: BuildCache,
  ): Promise<{ sources?: ContractSources; diagnostics: Diagnostic[] }> {
    const first = await readSourceFile(resolvePath(rootPath), 'parse', cache);
    if (!first.ok) return { diagnostics: first.diagnostics };
    const sources = new ContractSources(first.file, project);
    const diagnostics: Diagnostic[] = [];
    const queue: SourceFile[] = [first.file];
    sources.files.set(first.file.path, first.file);
    const failed = new Set<string>();
    while (queue.length > 0) {
      const file = queue.shift() as SourceFile;
      const { sites, data } = collectAllRefSites(file);
      sources.refs.push(...sites);
      sources.dataRefs.push(...data);
      for (const site of data) {
        const target = refKind(file, site.ref);
        if (target.kind === 'file' && !sources.files.has(target.path) && !sources.outside.has(target.path)) {
          const inside = await resolveInProject(sources.project, target.path);
          if (!inside.ok) sources.outside.set(target.path, inside.reason === 'outside' ? inside.why : 'beyond');
        }
      }
      for (const site of sites) {
        const target = refKind(file, site.ref);
        if (target.kind !== 'file') continue;
        const { path } = target;
        if (sources.files.has(path) || failed.has(path) || sources.outside.has(path)) continue;
        // Checked before anything is read: a contract from a stranger must not pull a file from elsewhere into the site.
        const inside = await resolveInProject(sources.project, path);
        if (!inside.ok && inside.reason === 'outside') {
          sources.outside.set(path, inside.why);
          continue;
        }
        const read = await readSourceFile(path, 'parse', cache);
        if (read.ok) {
          sources.files.set(path, read.file);
          queue.push(read.file);
        } else {
          failed.add(path);
          // A missing referenced file is reported where the $ref stands, by the ref rule; a broken one here.
          if (read.diagnostics.some((d) => d.line > 0)) diagnostics.push(...read.diagnostics);
        }
      }
    }
    return { sources, diagnostics };
  }

  /** Resolves a `$ref` written in `from`. */
  resolve(from: SourceFile, ref: string): RefTarget {
    const broken = (message: string): RefTarget => ({ ok: false, message, rule: 'ref-resolves' });
    const kind = refKind(from, ref);
    if (kind.kind === 'remote') return broken(remoteMessage(ref));
    const why = kind.kind === 'file' ? this.outside.get(kind.path) : undefined;
    if (why) return { ok: false, message: outsideProjectMessage('$ref', ref, why), rule: PATH_OUTSIDE_PROJECT };
    const file = kind.kind === 'local' ? from : this.files.get(kind.path);
    if (!file) return broken(`"${ref}" points to a file that does not exist or cannot be parsed`);
    const segments = decodePointer(splitRef(ref).fragment);
    if (segments === undefined) return broken(`"${ref}" has a malformed JSON pointer (it must start with "#/")`);
    const value = getAtPointer(file.data, segments);
    if (value === undefined) {
      return broken(`"${ref}" points to nothing: ${missingStep(file.data, segments)}`);
    }
    return { ok: true, target: { file, segments, value } };
  }

  /**
   * What is wrong with a `$ref` written inside data, which the bundlers would follow: it is remote
   * (never fetched) or names a file outside the project (never read). Undefined when neither.
   */
  dataRefProblem(site: RefSite): { message: string; rule: string } | undefined {
    const kind = refKind(site.file, site.ref);
    if (kind.kind === 'remote') return { message: remoteMessage(site.ref), rule: 'ref-resolves' };
    const why = kind.kind === 'file' ? this.outside.get(kind.path) : undefined;
    if (why) return { message: outsideProjectMessage('$ref', site.ref, why), rule: PATH_OUTSIDE_PROJECT };
    return undefined;
  }

  /** Follows `$ref` chains from a node to the object they end on (at most a few hops; cycles stop). */
  follow(node: Located): Located {
    let current = node;
    for (let hops = 0; hops < 32; hops++) {
      const ref = isRecord(current.value) ? current.value.$ref : undefined;
      if (typeof ref !== 'string') return current;
      const next = this.resolve(current.file, ref);
      if (!next.ok) return current;
      current = next.target;
    }
    return current;
  }

  /** The child `key` of a node, following the node's own `$ref` first. */
  child(node: Located, key: Segment): Located | undefined {
    const base = this.follow(node);
    const value = isRecord(base.value) || Array.isArray(base.value) ? getAtPointer(base.value, [key]) : undefined;
    return value === undefined ? undefined : { file: base.file, segments: [...base.segments, key], value };
  }

  /**
   * Maps a pointer into the dereferenced document (what a validator of the bundled document reports)
   * back to the file and pointer where that node is written.
   */
  mapDereferenced(segments: readonly Segment[]): Located {
    let node: Located = { file: this.root, segments: [], value: this.root.data };
    for (const seg of segments) {
      const next = this.child(node, seg);
      if (!next) return this.follow(node);
      node = next;
    }
    return node;
  }

  /**
   * What the contract is made of, for cache keys: each file's path, its path as shown in messages
   * (which depends on the working folder) and the hash of its text, in a stable order.
   */
  identity(): string[] {
    // A file found outside the project is part of what the checks judged, though never read.
    return [
      ...[...this.files.values()].map((file) => `${file.path}\0${file.display}\0${file.hash}`),
      ...[...this.outside].map(([path, why]) => `${path}\0outside\0${why}`),
    ].sort();
  }

  locate(node: Pick<Located, 'file' | 'segments'>): { file: string; line: number; column: number; pointer: string } {
    return { file: node.file.display, ...node.file.locate(node.segments), pointer: encodePointer(node.segments) };
  }
}

export function splitRef(ref: string): { url: string; fragment: string } {
  const hash = ref.indexOf('#');
  return hash === -1 ? { url: ref, fragment: '' } : { url: ref.slice(0, hash), fragment: ref.slice(hash) };
}

/**
 * Whether a `$ref`'s file part is a URL with a scheme (`http:`, `https:`, `file:`…) or a
 * scheme-relative one (`//host/…`): such a target is never fetched nor read. A bundler would take
 * `file:/etc/passwd` as a URL, so a scheme without `//` counts too; a Windows drive letter (`C:`) does not.
 */
function isRemote(url: string): boolean {
  return /^[a-z][a-z0-9+.-]+:/i.test(url) || url.startsWith('//');
}

/** What a `$ref` written in `from` names; a relative file is taken from `from`'s folder, as the bundlers do. */
export function refKind(from: SourceFile, ref: string): RefKind {
  const { url } = splitRef(ref);
  if (url === '') return { kind: 'local' };
  if (isRemote(url)) return { kind: 'remote' };
  return { kind: 'file', path: resolvePath(dirname(from.path), safeDecode(url, decodeURI)) };
}

function remoteMessage(ref: string): string {
  return `remote reference "${ref}" is not fetched; download the file next to the contract and refer to it by a relative path`;
}

function missingStep(data: unknown, segments: readonly Segment[]): string {
  for (let i = 1; i <= segments.length; i++) {
    if (getAtPointer(data, segments.slice(0, i)) === undefined) {
      const parent = encodePointer(segments.slice(0, i - 1)) || 'the document root';
      return `"${String(segments[i - 1])}" does not exist in ${parent}`;
    }
  }
  return 'the target is empty';
}

/** Every `$ref` of a file, skipping example values, enums, defaults and `x-` extensions. */
export function collectRefSites(file: SourceFile): RefSite[] {
  return collectAllRefSites(file).sites;
}

/** Keys of a structural object whose values are data (as `forEachStructuralObject` skips them). */
function isDataKey(key: string, value: unknown): boolean {
  return (
    key === 'example' ||
    key === 'enum' ||
    key === 'const' ||
    key === 'default' ||
    key === 'value' ||
    key.startsWith('x-') ||
    (key === 'examples' && Array.isArray(value))
  );
}

/**
 * A file's `$ref`s in one walk: `sites`, those of its structure; `data`, those written inside data
 * (example values, enums, `x-` extensions), which are no references to the contract but which the
 * bundlers follow all the same.
 */
export function collectAllRefSites(file: SourceFile): { sites: RefSite[]; data: RefSite[] } {
  const sites: RefSite[] = [];
  const data: RefSite[] = [];
  forEachStructuralObject(file, (object, at) => {
    if (typeof object.$ref === 'string') sites.push({ file, segments: at, ref: object.$ref });
    for (const key in object) {
      const value = object[key];
      if (typeof value !== 'object' || value === null || !isDataKey(key, value)) continue;
      // Iterative: data can nest as deep as its author likes.
      const stack: Array<{ value: unknown; segments: Segment[] }> = [{ value, segments: [...at, key] }];
      while (stack.length > 0) {
        const node = stack.pop() as (typeof stack)[number];
        if (Array.isArray(node.value))
          node.value.forEach(
            (item: unknown, i) =>
              typeof item === 'object' && item !== null && stack.push({ value: item, segments: [...node.segments, i] }),
          );
        else if (isRecord(node.value)) {
          if (typeof node.value.$ref === 'string') data.push({ file, segments: node.segments, ref: node.value.$ref });
          for (const [k, v] of Object.entries(node.value))
            if (typeof v === 'object' && v !== null) stack.push({ value: v, segments: [...node.segments, k] });
        }
      }
    }
  });
  return { sites, data };
}
