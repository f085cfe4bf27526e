import type { Diagnostic, Severity } from './diagnostic.js';
import { didYouMean } from './did-you-mean.js';

/**
 * What a rule is, for everyone who names it: the stage that reports it, the config schema, the
 * command line's help and the README's tables all read it from here (through `generator/rules.ts`).
 */
export interface RuleDescriptor {
  id: string;
  /** The severity it reports at when the user chose none. */
  severity: Severity;
  /** Said instead of `severity` where the default depends on the document or needs its reason. */
  severityText?: string;
  /** Whether a user may set its severity (config `rules`, CLI `--rule`). */
  configurable: boolean;
  /** What it checks, as the README's table says it: a phrase that starts in lower case. */
  doc: string;
}

export const RULE_SEVERITIES = ['error', 'warning', 'off'] as const satisfies readonly (Severity | 'off')[];

export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/**
 * The severities a user chose, by rule id. A rule left out reports at its own severity: that is not
 * always one value (`required-property-defined` is an error in Swagger 2.0 and a warning in 3.x, and a
 * rule that crashes says so as a warning), so there is no table of defaults to fill in.
 */
export type RuleSeverities = Readonly<Partial<Record<string, RuleSeverity>>>;

export function isRuleSeverity(value: string): value is RuleSeverity {
  return (RULE_SEVERITIES as readonly string[]).includes(value);
}

/** Said by the config and the command line alike, so a user learns the valid ids wherever they mistyped one. */
export function unknownRuleMessage(id: string, configurable: readonly string[]): string {
  const close = didYouMean(id, configurable);
  if (close !== '') return `unknown rule "${id}"${close}`;
  return `unknown rule "${id}"; the rules whose severity can be set are ${configurable.join(', ')}`;
}

/** One `ID=SEVERITY` as the command line takes it, or what is wrong with it. */
export function parseRuleOption(
  value: string,
  configurable: readonly string[],
): { ok: true; id: string; severity: RuleSeverity } | { ok: false; message: string } {
  const [id = '', severity, ...rest] = value.split('=');
  if (severity === undefined || rest.length > 0)
    return { ok: false, message: 'expected ID=SEVERITY, like example-valid=error' };
  if (!configurable.includes(id)) return { ok: false, message: unknownRuleMessage(id, configurable) };
  if (!isRuleSeverity(severity))
    return { ok: false, message: `unknown severity "${severity}"; a rule can be ${RULE_SEVERITIES.join(', ')}` };
  return { ok: true, id, severity };
}

/**
 * The one place chosen severities take effect: `off` drops a rule's diagnostics, the others rewrite
 * them. Only configurable ids get here (the config's schema and `--rule` refuse the others).
 */
export function applyRuleSeverities(diagnostics: readonly Diagnostic[], severities: RuleSeverities): Diagnostic[] {
  return diagnostics.flatMap((d) => {
    const chosen = Object.hasOwn(severities, d.rule) ? severities[d.rule] : undefined;
    if (chosen === undefined || chosen === d.severity) return [d];
    return chosen === 'off' ? [] : [{ ...d, severity: chosen }];
  });
}
