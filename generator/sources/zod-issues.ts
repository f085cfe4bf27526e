import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { encodePointer, getAtPointer, type Segment } from './pointer.js';
import type { SourceFile } from './source-file.js';

/** Rule ids for the three kinds of schema problem a YAML file can have. */
export interface IssueRules {
  unknownKey: string;
  type: string;
  invalid: string;
}

/** One located diagnostic per problem zod found in `source` (unknown keys get one each). */
export function zodIssueToDiagnostics(source: SourceFile, issue: z.core.$ZodIssue, rules: IssueRules): Diagnostic[] {
  const path = issuePath(issue);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => locatedAt(source, [...path, key], rules.unknownKey, `unknown key "${key}"`, 'key'));
  }
  // A refinement names its own rule (`params.rule`, see zod-policies.ts).
  const own = issue.code === 'custom' && typeof issue.params?.rule === 'string' ? issue.params.rule : undefined;
  const rule = own ?? (issue.code === 'invalid_type' ? rules.type : rules.invalid);
  // Zod does not keep the input on its issues; the source data tells a missing key from a wrong value.
  const missing = issue.code === 'invalid_type' && getAtPointer(source.data, path) === undefined;
  const message = missing
    ? `missing required key "${String(path.at(-1))}"`
    : lowerFirst(issue.message.replace(/^Invalid input: /, ''));
  return [locatedAt(source, path, rule, message)];
}

export function issuePath(issue: z.core.$ZodIssue): Segment[] {
  return issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) as Segment[];
}

export function locatedAt(
  source: SourceFile,
  path: readonly Segment[],
  rule: string,
  message: string,
  target: 'key' | 'value' = 'value',
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return {
    file: source.display,
    ...source.locate(path, target),
    severity,
    rule,
    message,
    pointer: encodePointer(path),
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
