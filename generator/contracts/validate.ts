import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isRecord } from '../sources/pointer.js';
import { exampleExclusive } from './rules/example-exclusive.js';
import { examplesValid } from './rules/examples-valid.js';
import { operationIdUnique } from './rules/operation-id-unique.js';
import { pathParams } from './rules/path-params.js';
import { refsResolve } from './rules/refs-resolve.js';
import { requiredPropertyDefined } from './rules/required-property-defined.js';
import { schemaValid } from './rules/schema-valid.js';
import type { ContractRule, RuleContext } from './rules/rule.js';
import { securityDefined } from './rules/security-defined.js';
import { applyRuleSeverities, type RuleSeverities } from './severity.js';
import { visitSchemas } from './schema-visitor.js';
import { ContractSources } from './sources.js';
import { detectSpecVersion, type SpecVersion } from './spec-version.js';
import { validateStructure } from './structure.js';
import { collectOperations, collectPathItems } from './walk.js';

/** A contract that parsed: its files, dialect and root document, with the `$ref` graph intact. */
export interface Contract {
  path: string;
  sources: ContractSources;
  specVersion: SpecVersion;
  document: Record<string, unknown>;
}

/** The project's own rules, run after the structural check. Each has an id users can look up. */
export const CONTRACT_RULES: readonly ContractRule[] = [operationIdUnique, pathParams, exampleExclusive, securityDefined, requiredPropertyDefined, schemaValid, examplesValid];

export interface ContractResult {
  /** Present when the document could be read as OpenAPI at all, even if rules found errors. */
  contract: Contract | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parses a contract with positions, checks its structure with swagger-parser, then runs the rules.
 * `severities` (config `rules` with `--rule` over them) are applied here, so that every command
 * that validates a contract judges it the same way.
 */
export async function validateContract(path: string, severities: RuleSeverities = {}): Promise<ContractResult> {
  const result = await runChecks(path);
  return { contract: result.contract, diagnostics: applyRuleSeverities(result.diagnostics, severities) };
}

async function runChecks(path: string): Promise<ContractResult> {
  const loaded = await ContractSources.load(path);
  if (!loaded.sources) return { contract: undefined, diagnostics: loaded.diagnostics };
  const { sources } = loaded;
  const detected = detectSpecVersion(sources.root.data);
  if (!detected.ok) {
    const at = sources.locate({ file: sources.root, segments: detected.key ? [detected.key] : [] });
    return { contract: undefined, diagnostics: [...loaded.diagnostics, { ...at, severity: 'error', rule: 'oas-version', message: detected.message }] };
  }
  const pathItems = collectPathItems(sources);
  const context: RuleContext = { sources, version: detected.version, pathItems, operations: collectOperations(sources, pathItems), schemas: visitSchemas(sources, detected.version, pathItems) };
  const diagnostics = [...loaded.diagnostics, ...refsResolve.run(context)];
  // swagger-parser must dereference before it can check structure; with a broken $ref it can only
  // repeat, unlocated, what the ref rule has already said where it happens.
  if (diagnostics.length === 0) diagnostics.push(...(await validateStructure(sources, detected.version)));
  for (const rule of CONTRACT_RULES) diagnostics.push(...runRule(rule, context));
  const document = isRecord(sources.root.data) ? sources.root.data : {};
  return { contract: { path: sources.root.path, sources, specVersion: detected.version, document }, diagnostics };
}

/** A rule that fails on an unusual document reports that as one located line; the other rules still run. */
function runRule(rule: ContractRule, context: RuleContext): Diagnostic[] {
  try {
    return rule.run(context);
  } catch (error) {
    const at = context.sources.locate({ file: context.sources.root, segments: [] });
    return [{ ...at, severity: 'warning', rule: rule.id, message: `this check could not run on this document (${(error as Error).message.split('\n')[0]}); please report it` }];
  }
}
