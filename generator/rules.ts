import { cacheUntrusted } from './cache/rules.js';
import { diffService, mcpSite, typesVersion } from './commands/rules.js';
import { configInvalid, configParse, configType, configUnknownKey, navbarItemType } from './config/rules.js';
import { gitDatesRule } from './content/git-dates-rule.js';
import { duplicateTitle, pageDescription, voice } from './content/rules.js';
import { apiSpec } from './contracts/rules/api-spec.js';
import { apiVersionName } from './contracts/rules/api-version-name.js';
import { CONTRACT_STAGE_RULES } from './contracts/stage-rules.js';
import type { ContractRule } from './contracts/rules/rule.js';
import type { RuleDescriptor } from './diagnostics/severity.js';
import { breakingChange } from './diff/rules.js';
import { typesGeneration } from './types/rules.js';
import { depthLimit, encoding, parse, pathOutsideProject } from './sources/rules.js';
import { output } from './write/rules.js';
import { searchIndex } from './search/rules.js';

/**
 * Every rule a file of the project can break (but the content rules that cannot be set, which the
 * README lists by hand), one line each, in the order the README's table, the config's `rules` and
 * `--rule`'s help give them.
 * The contract stage runs the ones with a check, in this order (`contracts/checks.ts`).
 * Adding a contract rule: its file in `contracts/rules/`, a line in `contracts/stage-rules.ts`, a fixture in
 * `test/fixtures/contracts/`, then `npm run generate` for the README and site-config.schema.json.
 */
export const RULES: readonly (RuleDescriptor | ContractRule)[] = [
  parse,
  encoding,
  depthLimit,
  pathOutsideProject,
  ...CONTRACT_STAGE_RULES,
  typesGeneration,
  pageDescription,
  voice,
  duplicateTitle,
  gitDatesRule,
  cacheUntrusted,
  breakingChange,
  diffService,
  typesVersion,
  mcpSite,
  configParse,
  configUnknownKey,
  configType,
  configInvalid,
  navbarItemType,
  output,
  searchIndex,
  apiSpec,
  apiVersionName,
];

/** The rules whose severity a user may choose (config `rules`, CLI `--rule`). */
export const CONFIGURABLE_RULES: readonly string[] = RULES.filter((rule) => rule.configurable).map((rule) => rule.id);
