import type { RuleSeverities } from '../diagnostics/severity.js';
import type { OutputFormat } from '../diagnostics/format.js';

/** Options every command takes, resolved by the CLI (or by a caller of the library) before a command runs. */
export interface GlobalOptions {
  /** Path of site-config.yaml. */
  config: string;
  /** Output root: the site goes to `out/site`, types to `out/types`, schemas to `out/schemas`. */
  out: string;
  format: OutputFormat;
  /** Warnings fail the command too. */
  strict: boolean;
  /** Severities chosen for contract rules (`--rule`); they win over the config's `rules`. */
  rules: RuleSeverities;
  /** Breaking changes between an API's two newest versions are intended (`--acknowledge-breaking`): the gate lets them through. */
  acknowledgeBreaking: boolean;
  /** Keep finished work in `.cache/specsite/` beside the config and reuse it (`--no-cache` turns it off). */
  cache: boolean;
  /**
   * The project (`--root`): the folder the config may name files in. Undefined: the config's folder.
   * A command-line choice only: the config, which a pull request can edit, cannot widen it.
   */
  root?: string | undefined;
}

export const DEFAULT_OPTIONS: GlobalOptions = {
  config: 'site-config.yaml',
  out: 'out',
  format: 'text',
  strict: false,
  rules: {},
  acknowledgeBreaking: false,
  cache: true,
};
