import { encodePointer, getAtPointer, isRecord, type Segment } from '../sources/pointer.js';
import type { ContractSources } from './sources.js';

/**
 * Empties, in the copies the structure check reads, every `$ref` that does not resolve (or that
 * names what is never read), so that swagger-parser dereferences all the rest and the document is
 * still checked as written; the `$ref` itself is reported by `ref-resolves`. Returns where those
 * `$ref`s stand, as `file#pointer`: what the schema then says at or below them is about the
 * placeholder, not the author's text, and is left out (`underBrokenRef`).
 */
export function emptyBrokenRefs(sources: ContractSources, copies: Map<string, unknown>): Set<string> {
  const sites = [
    ...sources.refs.filter((site) => !sources.resolve(site.file, site.ref).ok),
    ...sources.dataRefs.filter((site) => sources.dataRefProblem(site) !== undefined),
  ];
  const out = new Set<string>();
  for (const site of sites) {
    const node = getAtPointer(copies.get(site.file.path), site.segments);
    if (!isRecord(node)) continue;
    for (const key of Object.keys(node)) delete node[key];
    out.add(`${site.file.path}#${encodePointer(site.segments)}`);
  }
  return out;
}

/** Whether a written node is one of the emptied `$ref`s, or inside one. */
export function underBrokenRef(broken: Set<string>, node: { file: { path: string }; segments: Segment[] }): boolean {
  if (broken.size === 0) return false;
  for (let i = node.segments.length; i >= 0; i--)
    if (broken.has(`${node.file.path}#${encodePointer(node.segments.slice(0, i))}`)) return true;
  return false;
}
