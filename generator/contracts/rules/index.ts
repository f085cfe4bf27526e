import { exampleExclusive } from './example-exclusive.js';
import { exampleValid } from './example-valid.js';
import { oasSchema } from './oas-schema.js';
import { oasVersion } from './oas-version.js';
import { operationIdUnique } from './operation-id-unique.js';
import { pathParams } from './path-params.js';
import { patternUnsupported } from './pattern-unsupported.js';
import { refResolves } from './ref-resolves.js';
import { requiredPropertyDefined } from './required-property-defined.js';
import { schemaCompiles } from './schema-compiles.js';
import { schemaValid } from './schema-valid.js';
import { securityDefined } from './security-defined.js';
import type { RuleDescriptor } from '../../diagnostics/severity.js';
import type { ContractRule } from './rule.js';

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
  exampleExclusive,
  securityDefined,
  requiredPropertyDefined,
  schemaValid,
  schemaCompiles,
  patternUnsupported,
  exampleValid,
];

export function isContractRule(rule: RuleDescriptor | ContractRule): rule is ContractRule {
  return 'run' in rule;
}
