// The library behind the CLI: one exported function per command, and the stages they are made of.
export { validate, type ValidateResult } from './commands/validate.js';
export { types, type TypesOptions, type TypesResult } from './commands/types.js';
export { diff, type DiffResult, type DiffTarget } from './commands/diff.js';
export { diffContracts, type DiffInput } from './diff/compare.js';
export { apiHistory, breakingChangeGate, type GateOptions } from './diff/history.js';
export { formatDiff, DIFF_FORMATS, type DiffFormat } from './diff/format.js';
export {
  CHANGE_KINDS,
  type ApiChange,
  type ChangeGroup,
  type ChangeKind,
  type ChangeSite,
  type DiffReport,
} from './diff/change.js';
export { build, type BuildResult } from './commands/build.js';
export {
  compileSite,
  BUILD_STAGES,
  type BuildOptions,
  type BuildReport,
  type BuildStage,
  type SiteOutput,
} from './pipeline.js';
export { dev, type DevOptions, type DevResult, type DevBuildEvent } from './commands/dev.js';
export { BuildCache } from './cache/store.js';
export { serve, type ServeOptions, type ServeResult } from './commands/serve.js';
export { mcp, type McpOptions, type McpResult } from './commands/mcp.js';
export { createStaticServer, type StaticServerOptions } from './serve/static-server.js';
export { loadContent, type ContentInput, type ContentResult } from './content/index.js';
export { renderSite, type RenderInput, type RenderResult, type RenderedPage } from './render/index.js';
export { markdownTwins, twinPath, type MarkdownInput, type MarkdownSite, type MarkdownTwin } from './markdown/index.js';
export { buildApiReference, type ApiReference, type ApiReferenceOptions } from './render/api/pages.js';
export { buildClient, type ClientAssets } from './client/build.js';
export { DEFAULT_OPTIONS, type GlobalOptions } from './pipeline/options.js';
export { loadConfig, DEFAULT_CONFIG_FILE, type ConfigResult } from './config/load.js';
export { siteConfigSchema, type SiteConfigInput, type ParsedSiteConfig } from './config/schema.js';
export { siteConfigJsonSchema } from './config/json-schema.js';
export type { ResolvedConfig, ResolvedApi } from './config/resolve.js';
export { loadContracts, type LoadedApi, type ContractVersion, type ContractsResult } from './contracts/index.js';
export { validateContract, type Contract, type ContractResult } from './contracts/validate.js';
export { CONTRACT_RULES } from './contracts/checks.js';
// Published as generateModels before the stage was named for what it makes; the name stays for those who import it.
export {
  generateTypes as generateModels,
  type TypesInput as ModelsInput,
  type TypeFiles as ModelFiles,
  type TypesResult as ModelsResult,
} from './types/index.js';
export { type Diagnostic, type Severity, normalizeDiagnostics } from './diagnostics/diagnostic.js';
export { formatReport, formatDiagnosticText, OUTPUT_FORMATS, type OutputFormat } from './diagnostics/format.js';
export { main } from './cli/main.js';
