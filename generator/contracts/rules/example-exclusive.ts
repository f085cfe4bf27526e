import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord, type Segment } from '../../sources/pointer.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default', 'value']);

/**
 * Parameters, headers and media types take `example` or `examples`, never both (OpenAPI 3.x). Their
 * `examples` is a map of Example objects, which tells them apart from a schema's `examples` array.
 */
export const exampleExclusive: ContractRule = {
  id: 'example-exclusive',
  run({ sources, version }) {
    if (version === '2.0') return [];
    const out: Diagnostic[] = [];
    for (const file of sources.files.values()) {
      const stack: { value: unknown; segments: Segment[] }[] = [{ value: file.data, segments: [] }];
      while (stack.length > 0) {
        const { value, segments } = stack.pop() as (typeof stack)[number];
        if (Array.isArray(value)) {
          value.forEach((item, i) => stack.push({ value: item, segments: [...segments, i] }));
        } else if (isRecord(value)) {
          if ('example' in value && isRecord(value.examples)) {
            out.push(report(sources, { file, segments }, 'example-exclusive', '`example` and `examples` are mutually exclusive here; keep one (move the single example into `examples`)', { extra: ['example'], target: 'key' }));
          }
          for (const key of Object.keys(value)) {
            if (!DATA_KEYS.has(key) && !key.startsWith('x-')) stack.push({ value: value[key], segments: [...segments, key] });
          }
        }
      }
    }
    return out;
  },
};
