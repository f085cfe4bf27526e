import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { DEPTH_LIMIT_RULE } from '../sources/limits.js';
import type { Segment } from '../sources/pointer.js';
import type { ContractSources } from './sources.js';

/**
 * Objects and arrays nested in one another, counted in every file of a contract. The deepest public
 * descriptions we know (Azure's, GitHub's, Kubernetes') nest about 25 levels; every later stage
 * (rules, types, JSON Schemas, pages, diff) may then walk a document without running out of stack.
 */
export const MAX_NESTING = 128;

interface Frame {
  value: object;
  depth: number;
  parent: Frame | undefined;
  key: Segment | undefined;
}

/**
 * The first node of the contract (file by file, in document order) nested deeper than
 * `MAX_NESTING`, as one located error; checked once, right after parsing, without recursion.
 */
export function nestingTooDeep(sources: ContractSources): Diagnostic | undefined {
  for (const file of sources.files.values()) {
    if (file.data === null || typeof file.data !== 'object') continue;
    const stack: Frame[] = [{ value: file.data, depth: 0, parent: undefined, key: undefined }];
    while (stack.length > 0) {
      const frame = stack.pop() as Frame;
      if (frame.depth > MAX_NESTING) {
        const at = sources.locate({ file, segments: segmentsOf(frame) });
        return {
          ...at,
          severity: 'error',
          rule: DEPTH_LIMIT_RULE,
          message: `this node is nested more than ${MAX_NESTING} levels deep (objects and arrays inside one another); no API description needs that many, so the contract is not read further: flatten it with named schemas and $refs`,
        };
      }
      const entries = Array.isArray(frame.value)
        ? frame.value.map((v, i) => [i, v] as const)
        : Object.entries(frame.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, value] = entries[i] as readonly [Segment, unknown];
        if (value !== null && typeof value === 'object')
          stack.push({ value, depth: frame.depth + 1, parent: frame, key });
      }
    }
  }
  return undefined;
}

function segmentsOf(frame: Frame): Segment[] {
  const out: Segment[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) out.push(f.key as Segment);
  return out.reverse();
}
