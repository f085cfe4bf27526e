import { basename, extname } from 'node:path';
import type { Located } from '../../contracts/sources.js';
import type { Contract } from '../../contracts/validate.js';
import { decodePointer } from '../../sources/pointer.js';
import { pascalName } from '../../types/export-names.js';

/** Steps of a pointer that say where a schema sits, not what it is. */
const STRUCTURAL = new Set(['components', 'schemas', 'definitions', '$defs', 'properties', 'items', 'schema']);

/**
 * The readable name of a schema that a multi-file contract keeps in another file, given where the
 * bundled document has it: bundling writes such a schema at its first use (`#/components/schemas/
 * Owner/properties/droplets/items`), and that pointer is no name. It is named after its file and its
 * pointer there instead: `models/droplet.yaml` → `Droplet`, `networks.yaml#/Networks` → `Networks`.
 * Undefined for a schema of the root file, or a pointer the written contract does not have (a
 * converted Swagger 2.0 one).
 */
export function externalSchemaNamer(contract: Contract): (pointer: string) => string | undefined {
  const { sources } = contract;
  if (contract.specVersion === '2.0' || sources.files.size < 2) return () => undefined;
  return (pointer) => {
    const segments = decodePointer(pointer);
    if (!segments) return undefined;
    let node: Located = { file: sources.root, segments: [], value: sources.root.data };
    for (const segment of segments) {
      const next = sources.child(node, segment);
      if (!next) return undefined;
      node = next;
    }
    const written = sources.follow(node);
    if (written.file === sources.root) return undefined;
    const named = [...written.segments].reverse().find((s) => typeof s === 'string' && !STRUCTURAL.has(s));
    const file = basename(written.file.path, extname(written.file.path));
    return pascalName(typeof named === 'string' ? named : file);
  };
}
