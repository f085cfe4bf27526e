import { dirname, resolve } from 'node:path';
import { rootProblem } from '../config/project-root.js';
import { OUTPUT_FORMATS } from '../diagnostics/format.js';
import { parseRuleOption } from '../diagnostics/severity.js';
import { DEFAULT_OPTIONS, type GlobalOptions } from '../pipeline/options.js';
import type { BuildOptions } from '../pipeline/site-output.js';
import { CONFIGURABLE_RULES } from '../rules.js';

/** How one option every command takes is given on the command line, and what a build takes from it. */
export interface GlobalOption<K extends keyof GlobalOptions> {
  /** Commander's flags: short and long name, and the value's placeholder. */
  flags: string;
  help: string;
  /** `--help` shows the default (`DEFAULT_OPTIONS`) after the help. */
  showDefault: boolean;
  choices?: readonly string[];
  /** One more occurrence of the flag over the value so far: the new value, or what is wrong with `text`. */
  parse?: (text: string, previous: GlobalOptions[K]) => { value: GlobalOptions[K] } | { problem: string };
  /** What is wrong with the value once every option is read: a usage mistake, told before any file is read. */
  check?: (options: GlobalOptions) => string | undefined;
  /**
   * What a build's output takes from the option: two builds whose values differ may differ. Absent
   * when no output depends on it (how problems are printed, whether the cache is used).
   */
  output?: (options: BuildOptions) => unknown;
}

/**
 * Every global option, once, in the order `--help` lists them. The CLI's options, the resolution of
 * `GlobalOptions` and the up-to-date check of `build` are all read from here.
 */
export const GLOBAL_OPTIONS: { readonly [K in keyof GlobalOptions]-?: GlobalOption<K> } = {
  config: {
    flags: '-c, --config <file>',
    help: 'site config file',
    showDefault: true,
    output: (options) => resolve(options.config),
  },
  root: {
    flags: '--root <dir>',
    help: "the project: the folder whose files the config, contracts and content may name (default: the config's folder); it must contain the config. Inside it, .git/ and what git ignores are never read",
    showDefault: false,
    check: (options) => (options.root === undefined ? undefined : rootProblem(options.root, options.config)),
    output: (options) => projectDirOf(options),
  },
  out: {
    flags: '-o, --out <dir>',
    help: 'output folder (site in DIR/site, types in DIR/types, schemas in DIR/schemas)',
    showDefault: true,
    output: (options) => resolve(options.out),
  },
  format: {
    flags: '-f, --format <format>',
    help: 'how problems are reported',
    showDefault: true,
    choices: OUTPUT_FORMATS,
  },
  strict: {
    flags: '--strict',
    help: 'treat warnings as errors',
    showDefault: true,
    output: (options) => options.strict,
  },
  acknowledgeBreaking: {
    flags: '--acknowledge-breaking',
    help: "let breaking changes between an API's two newest versions through the gate (build, validate), as if each carried x-breaking-change-acknowledged",
    showDefault: true,
    output: (options) => options.acknowledgeBreaking ?? DEFAULT_OPTIONS.acknowledgeBreaking,
  },
  cache: {
    flags: '--no-cache',
    help: 'neither read nor write the build cache (.cache/specsite/ beside the config), which keeps checked contracts, generated types and compiled pages between runs',
    showDefault: false,
  },
  rules: {
    flags: '--rule <id=severity>',
    help: `set a contract rule to error, warning or off, over the config's \`rules\` (repeatable): ${CONFIGURABLE_RULES.join(', ')}`,
    showDefault: false,
    // A later one for the same rule wins.
    parse: (text, previous) => {
      const option = parseRuleOption(text, CONFIGURABLE_RULES);
      return option.ok ? { value: { ...previous, [option.id]: option.severity } } : { problem: option.message };
    },
    output: (options) =>
      Object.entries(options.rules ?? DEFAULT_OPTIONS.rules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  },
};

/** The global options' part of what a build's output depends on, one entry per option that matters. */
export function globalSettings(options: BuildOptions): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(GLOBAL_OPTIONS) as [string, GlobalOption<keyof GlobalOptions>][])
    if (option.output) settings[key] = option.output(options);
  return settings;
}

/** The folder the report's `inputs` are relative to: the project (`--root`, else the config's folder). */
export function projectDirOf(options: Pick<GlobalOptions, 'config' | 'root'>): string {
  return resolve(options.root ?? dirname(resolve(options.config)));
}
