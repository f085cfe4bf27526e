import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_OPTIONS, type GlobalOptions } from '../commands/options.js';
import { rootProblem } from '../config/project-root.js';
import { parseRuleOption, type RuleSeverities } from '../diagnostics/severity.js';
import { countBySeverity, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatReport, OUTPUT_FORMATS, type OutputFormat } from '../diagnostics/format.js';
import { CONFIGURABLE_RULES } from '../rules.js';
import { registerCommands } from './commands.js';
import type { CliIO } from './io.js';

export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

export type { CliIO } from './io.js';

const processIO: CliIO = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

/** Runs the CLI with `argv` (as process.argv) and returns the exit code; never throws. */
export async function main(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command('specsite')
    .description(
      'Contract-first documentation sites: OpenAPI contracts, MDX content and one config in; a static site, TypeScript types and JSON Schemas out.',
    )
    .option('-c, --config <file>', 'site config file', DEFAULT_OPTIONS.config)
    .option(
      '--root <dir>',
      "the project: the folder whose files the config, contracts and content may name (default: the config's folder); it must contain the config. Inside it, .git/ and what git ignores are never read",
    )
    .option(
      '-o, --out <dir>',
      'output folder (site in DIR/site, types in DIR/types, schemas in DIR/schemas)',
      DEFAULT_OPTIONS.out,
    )
    .addOption(
      new Option('-f, --format <format>', 'how problems are reported')
        .choices(OUTPUT_FORMATS)
        .default(DEFAULT_OPTIONS.format),
    )
    .option('--strict', 'treat warnings as errors', false)
    .option(
      '--acknowledge-breaking',
      "let breaking changes between an API's two newest versions through the gate (build, validate), as if each carried x-breaking-change-acknowledged",
      false,
    )
    .option(
      '--no-cache',
      'neither read nor write the build cache (.cache/specsite/ beside the config), which keeps checked contracts, generated types and compiled pages between runs',
    )
    .option(
      '--rule <id=severity>',
      `set a contract rule to error, warning or off, over the config's \`rules\` (repeatable): ${CONFIGURABLE_RULES.join(', ')}`,
      collectRule,
    )
    .showHelpAfterError('(run specsite --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  const report = (diagnostics: readonly Diagnostic[], options: GlobalOptions, what: string): void => {
    if (diagnostics.length > 0 || options.format !== 'github')
      io.stdout(formatReport(diagnostics, options.format, what));
    const { errors, warnings } = countBySeverity(diagnostics);
    exitCode = errors > 0 || (options.strict && warnings > 0) ? EXIT_ERRORS : EXIT_OK;
  };
  registerCommands(program, {
    options: () => {
      const o = program.opts<{
        config: string;
        out: string;
        format: OutputFormat;
        strict: boolean;
        rule?: RuleSeverities;
        acknowledgeBreaking: boolean;
        cache: boolean;
        root?: string;
      }>();
      // A usage mistake, told before any command reads a file.
      const rootWrong = o.root === undefined ? undefined : rootProblem(o.root, o.config);
      if (rootWrong !== undefined) program.error(`error: --root ${rootWrong}`);
      return {
        config: o.config,
        out: o.out,
        format: o.format,
        strict: o.strict,
        rules: o.rule ?? DEFAULT_OPTIONS.rules,
        acknowledgeBreaking: o.acknowledgeBreaking,
        cache: o.cache,
        root: o.root,
      };
    },
    report,
    io,
    fail: () => {
      exitCode = EXIT_ERRORS;
    },
  });

  try {
    await program.parseAsync(argv as string[]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return EXIT_OK;
      return EXIT_USAGE;
    }
    if (error instanceof InvalidArgumentError) return EXIT_USAGE;
    // A bug of ours, not a mistake of the user's: say so in one line; the stack only on request.
    io.stderr(`specsite: internal error: ${(error as Error).message}\n`);
    if (process.env.SPECSITE_DEBUG) io.stderr(`${(error as Error).stack ?? ''}\n`);
    else io.stderr('(this is a bug in specsite; set SPECSITE_DEBUG=1 for details)\n');
    return EXIT_ERRORS;
  }
}

/** One `--rule ID=SEVERITY`, added to the ones before it (a later one for the same rule wins). */
function collectRule(value: string, previous: RuleSeverities = {}): RuleSeverities {
  const option = parseRuleOption(value, CONFIGURABLE_RULES);
  if (!option.ok) throw new InvalidArgumentError(option.message);
  return { ...previous, [option.id]: option.severity };
}
