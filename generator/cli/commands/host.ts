import type { Command } from 'commander';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GlobalOptions } from '../../pipeline/options.js';
import type { CliIO } from '../io.js';

/** What a command's action gets from the program around it. */
export interface CommandHost {
  /** The global options, read when the action runs (a usage mistake in them stops it there). */
  options: () => GlobalOptions;
  report: (diagnostics: readonly Diagnostic[], options: GlobalOptions, what: string) => void;
  io: CliIO;
  /** Makes the command exit with status 1 although it reported no error (`diff --fail-on-breaking`). */
  fail: () => void;
}

/** One command of the CLI: adds itself, with its options, help and action, to `program`. */
export type CliCommand = (program: Command, host: CommandHost) => void;
