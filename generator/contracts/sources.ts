import { dirname, resolve as resolvePath } from 'node:path';
import type { BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodePointer, encodePointer, getAtPointer, isRecord, type Segment } from '../sources/pointer.js';
import { forEachStructuralObject } from './walk-objects.js';
import { readSourceFile, type SourceFile } from '../sources/source-file.js';

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

export type RefTarget = { ok: true; target: Located } | { ok: false; message: string };

/**
 * Every file of one contract: the root and each file reached through a `$ref`, parsed once, with
 * positions. Rules ask it to resolve references; nothing here ever reads the network.
 */
export class ContractSources {
  readonly files = new Map<string, SourceFile>();
  readonly refs: RefSite[] = [];

  private constructor(readonly root: SourceFile) {}

  static async load(rootPath: string, cache?: BuildCache): Promise<{ sources?: ContractSources; diagnostics: Diagnostic[] }> {
    const first = await readSourceFile(resolvePath(rootPath), 'parse', cache);
    if (!first.ok) return { diagnostics: first.diagnostics };
    const sources = new ContractSources(first.file);
    const diagnostics: Diagnostic[] = [];
    const queue: SourceFile[] = [first.file];
    sources.files.set(first.file.path, first.file);
    const failed = new Set<string>();
    while (queue.length > 0) {
      const file = queue.shift() as SourceFile;
      const sites = collectRefSites(file);
      sources.refs.push(...sites);
      for (const site of sites) {
        const target = splitRef(site.ref);
        if (target.url === '' || isRemote(target.url)) continue;
        const path = resolvePath(dirname(file.path), decodeURI(target.url));
        if (sources.files.has(path) || failed.has(path)) continue;
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
    const { url, fragment } = splitRef(ref);
    if (isRemote(url)) return { ok: false, message: `remote reference "${ref}" is not fetched; download the file next to the contract and refer to it by a relative path` };
    const file = url === '' ? from : this.files.get(resolvePath(dirname(from.path), safeDecodeURI(url)));
    if (!file) return { ok: false, message: `"${ref}" points to a file that does not exist or cannot be parsed` };
    const segments = decodePointer(fragment);
    if (segments === undefined) return { ok: false, message: `"${ref}" has a malformed JSON pointer (it must start with "#/")` };
    const value = getAtPointer(file.data, segments);
    if (value === undefined) {
      return { ok: false, message: `"${ref}" points to nothing: ${missingStep(file.data, segments)}` };
    }
    return { ok: true, target: { file, segments, value } };
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
    return [...this.files.values()].map((file) => `${file.path}\0${file.display}\0${file.hash}`).sort();
  }

  locate(node: Pick<Located, 'file' | 'segments'>): { file: string; line: number; column: number; pointer: string } {
    return { file: node.file.display, ...node.file.locate(node.segments), pointer: encodePointer(node.segments) };
  }
}

export function splitRef(ref: string): { url: string; fragment: string } {
  const hash = ref.indexOf('#');
  return hash === -1 ? { url: ref, fragment: '' } : { url: ref.slice(0, hash), fragment: ref.slice(hash) };
}

function isRemote(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
}

function safeDecodeURI(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
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
  const sites: RefSite[] = [];
  forEachStructuralObject(file, (value, segments) => {
    if (typeof value.$ref === 'string') sites.push({ file, segments, ref: value.$ref });
  });
  return sites;
}
