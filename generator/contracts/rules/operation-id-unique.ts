import type { ContractRule } from './rule.js';
import { describeOperation, report } from './rule.js';

/** operationIds name operations in links, code samples, anchors and generated types: two alike collide everywhere. */
export const operationIdUnique: ContractRule = {
  id: 'operation-id-unique',
  severity: 'error',
  configurable: true,
  doc: 'no two operations (paths, webhooks, callbacks) share an operationId',
  run({ sources, operations }) {
    const first = new Map<string, string>();
    const out = [];
    for (const site of operations) {
      const id = site.operation.value.operationId;
      if (typeof id !== 'string') continue;
      const previous = first.get(id);
      if (previous === undefined) {
        first.set(id, describeOperation(site));
      } else {
        out.push(
          report(
            sources,
            site.operation,
            operationIdUnique.id,
            `duplicate operationId "${id}": ${describeOperation(site)} uses the id of ${previous}; operationIds must be unique`,
            { extra: ['operationId'] },
          ),
        );
      }
    }
    return out;
  },
};
