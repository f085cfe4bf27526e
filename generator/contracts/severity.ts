import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';

/**
 * The contract rules whose severity a user may choose (config `rules`, CLI `--rule`). Each finds a
 * problem in a document that is still readable, so typing and rendering can go on past it
 * (`types-generation` set below error leaves the service out of the types package and still renders its reference;
 * `page-description` is about content: a page whose front matter has no description; `breaking-change`
 * is the gate between an API's two newest versions). Parse
 * errors, `oas-version` and `ref-resolves` are not here: they leave no document to type or render.
 */
export const CONFIGURABLE_RULES = [
  'oas-schema',
  'operation-id-unique',
  'path-params',
  'example-exclusive',
  'security-defined',
  'required-property-defined',
  'schema-valid',
  'schema-compiles',
  'pattern-unsupported',
  'example-valid',
  'types-generation',
  'page-description',
  'breaking-change',
] as const;

export type ConfigurableRule = (typeof CONFIGURABLE_RULES)[number];

export const RULE_SEVERITIES = ['error', 'warning', 'off'] as const satisfies readonly (Severity | 'off')[];

export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/**
 * The severities a user chose. A rule left out reports at its own severity: that is not always one
 * value (`required-property-defined` is an error in Swagger 2.0 and a warning in 3.x, and a rule
 * that crashes says so as a warning), so there is no table of defaults to fill in.
 */
export type RuleSeverities = Readonly<Partial<Record<ConfigurableRule, RuleSeverity>>>;

const configurable: ReadonlySet<string> = new Set(CONFIGURABLE_RULES);

export function isConfigurableRule(id: string): id is ConfigurableRule {
  return configurable.has(id);
}

export function isRuleSeverity(value: string): value is RuleSeverity {
  return (RULE_SEVERITIES as readonly string[]).includes(value);
}

/** Said by the config and the command line alike, so a user learns the valid ids wherever they mistyped one. */
export function unknownRuleMessage(id: string): string {
  return `unknown rule "${id}"; the rules whose severity can be set are ${CONFIGURABLE_RULES.join(', ')}`;
}

/** The one place chosen severities take effect: `off` drops a rule's diagnostics, the others rewrite them. */
export function applyRuleSeverities(diagnostics: readonly Diagnostic[], severities: RuleSeverities): Diagnostic[] {
  return diagnostics.flatMap((d) => {
    const chosen = isConfigurableRule(d.rule) ? severities[d.rule] : undefined;
    if (chosen === undefined || chosen === d.severity) return [d];
    return chosen === 'off' ? [] : [{ ...d, severity: chosen }];
  });
}
