// The library behind the CLI: one exported function per command, and the stages they are made of.
export { validate, type ValidateResult } from './commands/validate.js';
export { types, type TypesResult } from './commands/types.js';
export { DEFAULT_OPTIONS, type GlobalOptions } from './commands/options.js';
export { loadConfig, DEFAULT_CONFIG_FILE, type ConfigResult } from './config/load.js';
export { siteConfigSchema, type SiteConfigInput, type ParsedSiteConfig } from './config/schema.js';
export { siteConfigJsonSchema } from './config/json-schema.js';
export type { ResolvedConfig, ResolvedApi } from './config/resolve.js';
export { loadContracts, type LoadedApi, type ContractVersion, type ContractsResult } from './contracts/index.js';
export { validateContract, CONTRACT_RULES, type Contract, type ContractResult } from './contracts/validate.js';
export { generateModels, type ModelsInput, type ModelFiles, type ModelsResult } from './models/index.js';
export { type Diagnostic, type Severity, normalizeDiagnostics } from './diagnostics/diagnostic.js';
export { formatReport, formatDiagnosticText, OUTPUT_FORMATS, type OutputFormat } from './diagnostics/format.js';
export { main } from './cli/main.js';
