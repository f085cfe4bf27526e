import { arrayItems } from './rules/array-items.js';
import { discriminatorRequired } from './rules/discriminator-required.js';
import { pathTemplatesDistinct } from './rules/path-templates-distinct.js';
import { responseCodeQuoted } from './rules/response-code-quoted.js';
import { exampleExclusive } from './rules/example-exclusive.js';
import { exampleValid } from './rules/example-valid.js';
import { oasSchema } from './rules/oas-schema.js';
import { oasVersion } from './rules/oas-version.js';
import { operationIdUnique } from './rules/operation-id-unique.js';
import { pathParams } from './rules/path-params.js';
import { patternUnsupported } from './rules/pattern-unsupported.js';
import { refResolves } from './rules/ref-resolves.js';
import { requiredPropertyDefined } from './rules/required-property-defined.js';
import { schemaCompiles } from './rules/schema-compiles.js';
import { schemaValid } from './rules/schema-valid.js';
import { securityDefined } from './rules/security-defined.js';
import type { RuleDescriptor } from '../diagnostics/severity.js';
import type { ContractRule } from './rules/rule.js';

/**
 * The rules the contract stage judges a contract by, in the order the registry (`generator/rules.ts`)
 * lists them and the stage runs the ones with a check. Kept here so that the stage need not import
 * the registry, which gathers every stage's rules.
 */
export const CONTRACT_STAGE_RULES: readonly (RuleDescriptor | ContractRule)[] = [
  oasVersion,
  oasSchema,
  refResolves,
  operationIdUnique,
  pathParams,
  pathTemplatesDistinct,
  responseCodeQuoted,
  exampleExclusive,
  securityDefined,
  requiredPropertyDefined,
  arrayItems,
  discriminatorRequired,
  schemaValid,
  schemaCompiles,
  patternUnsupported,
  exampleValid,
];

export function isContractRule(rule: RuleDescriptor | ContractRule): rule is ContractRule {
  return 'run' in rule;
}
