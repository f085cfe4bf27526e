import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../sources/pointer.js';
import { forEachStructuralObject } from '../walk-objects.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * Parameters, headers and media types take `example` or `examples`, never both (OpenAPI 3.x). Their
 * `examples` is a map of Example objects, which tells them apart from a schema's `examples` array.
 */
export const exampleExclusive: ContractRule = {
  id: 'example-exclusive',
  severity: 'error',
  configurable: true,
  doc: 'no parameter, header or media type has both `example` and `examples`',
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
      });
    }
    return out;
  },
};
