import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../sources/pointer.js';
import type { Located } from '../sources.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/** Every security requirement names a scheme the document defines. */
export const securityDefined: ContractRule = {
  id: 'security-defined',
  severity: 'error',
  configurable: true,
  doc: 'every security requirement names a defined scheme',
  run({ sources, version, operations }) {
    const root: Located = { file: sources.root, segments: [], value: sources.root.data };
    const defined =
      version === '2.0'
        ? sources.child(root, 'securityDefinitions')
        : sources.child(sources.child(root, 'components') ?? root, 'securitySchemes');
    const names = new Set(defined && isRecord(defined.value) ? Object.keys(defined.value) : []);
    const where = version === '2.0' ? '`securityDefinitions`' : '`components.securitySchemes`';
    const out: Diagnostic[] = [];
    const check = (owner: Located) => {
      const security = sources.child(owner, 'security');
      if (!security || !Array.isArray(security.value)) return;
      security.value.forEach((requirement, index) => {
        if (!isRecord(requirement)) return;
        for (const name of Object.keys(requirement)) {
          if (!names.has(name)) {
            out.push(
              report(
                sources,
                security,
                securityDefined.id,
                `security requirement names "${name}", which is not defined in ${where}`,
                { extra: [index, name], target: 'key' },
              ),
            );
          }
        }
      });
    };
    check(root);
    for (const site of operations) check(site.operation);
    return out;
  },
};
