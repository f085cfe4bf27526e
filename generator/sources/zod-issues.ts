import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { encodePointer, getAtPointer, type Segment } from './pointer.js';
import type { SourceFile } from './source-file.js';
import { didYouMean } from '../diagnostics/did-you-mean.js';
import { keysAt } from './zod-keys.js';

/** Rule ids for the three kinds of schema problem a YAML file can have. */
export interface IssueRules {
  unknownKey: string;
  type: string;
  invalid: string;
}

/**
 * One located diagnostic per problem zod found in `source` (unknown keys get one each). With the
 * `schema` the file was checked against, an unknown key is told the nearest keys it may have there,
 * and a value not among the allowed ones the nearest of those.
 */
export function zodIssueToDiagnostics(
  source: SourceFile,
  issue: z.core.$ZodIssue,
  rules: IssueRules,
  schema?: z.ZodType,
): Diagnostic[] {
  const path = issuePath(issue);
  if (issue.code === 'unrecognized_keys') {
    const known = schema ? keysAt(schema, path, source.data) : [];
    return issue.keys.map((key) =>
      locatedAt(source, [...path, key], rules.unknownKey, `unknown key "${key}"${didYouMean(key, known)}`, 'key'),
    );
  }
  // A refinement names its own rule (`params.rule`, see zod-policies.ts).
  const own = issue.code === 'custom' && typeof issue.params?.rule === 'string' ? issue.params.rule : undefined;
  const rule = own ?? (issue.code === 'invalid_type' ? rules.type : rules.invalid);
  // Zod does not keep the input on its issues; the source data tells a missing key from a wrong value.
  const missing = issue.code === 'invalid_type' && getAtPointer(source.data, path) === undefined;
  const message = missing
    ? `${MISSING} "${String(path.at(-1))}"`
    : lowerFirst(issue.message.replace(/^Invalid input: /, '')) + nearestValue(issue, getAtPointer(source.data, path));
  return [locatedAt(source, path, rule, message)];
}

/**
 * Every issue's diagnostics (`toDiagnostics`: `zodIssueToDiagnostics`, or a caller's own reading of
 * some issues), with one mistake said once: a key that is missing because it was mistyped is the
 * unknown key's line (`unknown key "lable"; did you mean "label"?`), without a second line for the
 * missing `label`.
 */
export function zodIssuesToDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  toDiagnostics: (issue: z.core.$ZodIssue) => Diagnostic[],
): Diagnostic[] {
  const all = issues.flatMap(toDiagnostics);
  const misspelled = new Set<string>();
  for (const d of all) {
    const meant = /^unknown key ".*"; did you mean "([^"]*)"\?$/.exec(d.message)?.[1];
    if (meant !== undefined && d.pointer !== undefined)
      misspelled.add(`${d.pointer.slice(0, d.pointer.lastIndexOf('/'))}${encodePointer([meant])}`);
  }
  return all.filter((d) => !(d.pointer !== undefined && misspelled.has(d.pointer) && d.message.startsWith(MISSING)));
}

const MISSING = 'missing required key';

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

/** `; did you mean "light"?` for a string that is none of the values allowed, when one is near it. */
function nearestValue(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code !== 'invalid_value' || typeof value !== 'string') return '';
  return didYouMean(
    value,
    issue.values.filter((v): v is string => typeof v === 'string'),
  );
}
