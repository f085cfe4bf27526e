import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { GlobalOptions } from '../pipeline/options.js';
import { countBySeverity, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatReport } from '../diagnostics/format.js';
import { registerCommands } from './commands/index.js';
import { addGlobalOptions, readGlobalOptions } from './global-options.js';
import type { CliIO } from './io.js';

export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

export type { CliIO } from './io.js';

const processIO: CliIO = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

/** Runs the CLI with `argv` (as process.argv) and returns the exit code; never throws. */
export async function main(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  let exitCode = EXIT_OK;
  const program = addGlobalOptions(
    new Command('specsite').description(
      'Contract-first documentation sites: OpenAPI contracts, MDX content and one config in; a static site, TypeScript types and JSON Schemas out.',
    ),
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
    options: () => readGlobalOptions(program),
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
