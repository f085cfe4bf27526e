import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../sources/pointer.js';
import { forEachStructuralObject } from '../walk-objects.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * Parameters, headers and media types take `example` or `examples`, never both (OpenAPI 3.x). Their
 * `examples` is a map of Example objects, which tells them apart from a schema's `examples` array.
 * An Example Object, likewise, has a `value` or an `externalValue`, never both.
 */
export const exampleExclusive: ContractRule = {
  id: 'example-exclusive',
  severity: 'error',
  configurable: true,
  doc: 'no parameter, header or media type has both `example` and `examples`, and no Example Object both `value` and `externalValue`',
  run({ sources, version }) {
    if (version === '2.0') return [];
    const out: Diagnostic[] = [];
    for (const file of sources.files.values()) {
      forEachStructuralObject(file, (value, segments) => {
        if ('example' in value && isRecord(value.examples)) {
          out.push(
            report(
              sources,
              { file, segments },
              exampleExclusive.id,
              '`example` and `examples` are mutually exclusive here; keep one (move the single example into `examples`)',
              { extra: ['example'], target: 'key' },
            ),
          );
        }
        if ('value' in value && 'externalValue' in value && isExampleObject(segments)) {
          out.push(
            report(
              sources,
              { file, segments },
              exampleExclusive.id,
              '`value` and `externalValue` are mutually exclusive in an example; keep one',
              { extra: ['externalValue'], target: 'key' },
            ),
          );
        }
      });
    }
    return out;
  },
};

/** An entry of an `examples` map (not a schema's property named `examples`, whose entries are keywords). */
function isExampleObject(segments: readonly (string | number)[]): boolean {
  return segments.at(-2) === 'examples' && segments.at(-3) !== 'properties';
}
