import type { Command } from 'commander';
import type { GlobalOptions } from '../commands/options.js';
import { validate } from '../commands/validate.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CliIO } from './main.js';

export interface CommandHost {
  options: () => GlobalOptions;
  report: (diagnostics: readonly Diagnostic[], options: GlobalOptions, what: string) => void;
  io: CliIO;
}

export function registerCommands(program: Command, host: CommandHost): void {
  program
    .command('validate')
    .description('Check the config and every contract it names, or just the given OpenAPI files (3.0, 3.1, Swagger 2.0).')
    .argument('[files...]', 'OpenAPI documents to check instead of the configured APIs')
    .action(async (files: string[]) => {
      const options = host.options();
      const result = await validate(files, options);
      host.report(result.diagnostics, options, `validated ${result.checked} document${result.checked === 1 ? '' : 's'}`);
    });
}
