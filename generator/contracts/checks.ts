import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { CONTRACT_STAGE_RULES, isContractRule } from './stage-rules.js';
import { refResolves } from './rules/ref-resolves.js';
import type { ContractRule, RuleContext } from './rules/rule.js';
import { visitSchemas } from './schema-visitor.js';
import type { ContractSources } from './sources.js';
import type { SpecVersion } from './spec-version.js';
import { validateStructure } from './structure.js';
import { collectOperations, collectPathItems } from './walk.js';

/**
 * The project's own rules, run after the structural check, in the registry's order. Each has an id
 * users can look up. `ref-resolves` runs before the structure check instead (see `checkContract`).
 */
export const CONTRACT_RULES: readonly ContractRule[] = CONTRACT_STAGE_RULES.filter(isContractRule).filter(
  (rule) => rule !== refResolves,
);

/**
 * Everything that judges a parsed contract: its `$ref`s, its structure (swagger-parser) and the
 * rules. This module (with swagger-parser and Ajv behind it) is only loaded when a contract's
 * checks are not in the build cache.
 */
export async function checkContract(sources: ContractSources, version: SpecVersion): Promise<Diagnostic[]> {
  const pathItems = collectPathItems(sources);
  const context: RuleContext = {
    sources,
    version,
    pathItems,
    operations: collectOperations(sources, pathItems),
    schemas: visitSchemas(sources, version, pathItems),
  };
  const diagnostics = await refResolves.run(context);
  // A broken $ref stands empty in what the structure check reads, so the rest is still checked.
  diagnostics.push(...(await validateStructure(sources, version)));
  for (const rule of CONTRACT_RULES) diagnostics.push(...(await runRule(rule, context)));
  return diagnostics;
}

/** A rule that fails on an unusual document reports that as one located line; the other rules still run. */
async function runRule(rule: ContractRule, context: RuleContext): Promise<Diagnostic[]> {
  try {
    return await rule.run(context);
  } catch (error) {
    const at = context.sources.locate({ file: context.sources.root, segments: [] });
    return [
      {
        ...at,
        severity: 'warning',
        rule: rule.id,
        message: `this check could not run on this document (${(error as Error).message.split('\n')[0]}); please report it`,
      },
    ];
  }
}
