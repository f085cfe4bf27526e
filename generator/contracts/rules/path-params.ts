import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { printValue } from '../../diagnostics/print-value.js';
import { effectiveParameters } from '../walk.js';
import type { ContractRule } from './rule.js';
import { describeOperation, report } from './rule.js';

const TEMPLATE = /\{([^{}]+)\}/g;

/** The `{names}` of a path template and the operation's `in: path` parameters are the same set. */
export const pathParams: ContractRule = {
  id: 'path-params',
  severity: 'error',
  configurable: true,
  doc: 'each `{name}` in a path template has an `in: path` parameter, and each path parameter appears in the template',
  run({ sources, operations }) {
    const out: Diagnostic[] = [];
    for (const site of operations) {
      if (site.pathItem.kind !== 'path') continue;
      const template = [...site.pathItem.key.matchAll(TEMPLATE)].map((m) => m[1] as string);
      const declared = effectiveParameters(sources, site).filter((p) => p.value.in === 'path');
      const declaredNames = new Set(declared.map((p) => String(p.value.name)));
      for (const name of new Set(template)) {
        if (!declaredNames.has(name)) {
          out.push(
            report(
              sources,
              site.operation,
              pathParams.id,
              `${describeOperation(site)}: the path has {${name}} but no \`in: path\` parameter named "${name}" is declared`,
            ),
          );
        }
      }
      for (const param of declared) {
        const name = printValue(param.value.name);
        if (!template.includes(name)) {
          out.push(
            report(
              sources,
              param,
              pathParams.id,
              `${describeOperation(site)}: path parameter "${name}" does not appear in the path template ${site.pathItem.key}`,
              { extra: ['name'] },
            ),
          );
        }
      }
    }
    return out;
  },
};
