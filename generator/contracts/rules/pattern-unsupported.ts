import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../sources/pointer.js';
import { compilePattern } from '../pattern-engine.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * Patterns run on an engine whose time stays linear in the text (RE2), so no contract can stall the
 * build. The few constructs it has no equivalent for (backreferences, lookahead, lookbehind) leave a
 * pattern unchecked: said here once, where the pattern is written; the values it would check pass.
 */
export const patternUnsupported: ContractRule = {
  id: 'pattern-unsupported',
  severity: 'warning',
  configurable: true,
  doc: "a `pattern` or `patternProperties` key that RE2 cannot run (a backreference, lookaround); values are not checked against it. Patterns run on RE2 (`re2js`), whose time grows linearly with the text, with JavaScript's meaning of `\\s`, `.` and `[^]` kept",
  run({ sources, schemas: visit }) {
    const out: Diagnostic[] = [];
    const unsupported = (pattern: string) => {
      const check = compilePattern(pattern);
      return check.ok
        ? undefined
        : `pattern \`${pattern}\` uses syntax specsite does not run (${check.message}; backreferences and lookaround are not supported), so examples and defaults are not checked against it`;
    };
    for (const schema of visit.schemas) {
      const { pattern, patternProperties } = schema.value;
      const problem = typeof pattern === 'string' ? unsupported(pattern) : undefined;
      if (problem)
        out.push(report(sources, schema, patternUnsupported.id, problem, { extra: ['pattern'], severity: 'warning' }));
      if (!isRecord(patternProperties)) continue;
      for (const key of Object.keys(patternProperties)) {
        const keyProblem = unsupported(key);
        if (keyProblem)
          out.push(
            report(
              sources,
              schema,
              patternUnsupported.id,
              keyProblem.replace(
                'examples and defaults are not checked against it',
                'property names of examples and defaults are not matched against it',
              ),
              { extra: ['patternProperties', key], severity: 'warning', target: 'key' },
            ),
          );
      }
    }
    return out;
  },
};
