import type { Command } from 'commander';
import type { GlobalOptions } from '../commands/options.js';
import { writeFile } from 'node:fs/promises';
import { types } from '../commands/types.js';
import { siteConfigJsonSchema } from '../config/json-schema.js';
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

  program
    .command('types')
    .description('Generate the TypeScript types package (DIR/types) and one JSON Schema per entity (DIR/schemas) for the configured APIs or the given files.')
    .argument('[files...]', 'OpenAPI documents to type instead of the configured APIs (each becomes an entry named after its file)')
    .action(async (files: string[]) => {
      const options = host.options();
      const result = await types(files, options);
      const what = result.written.length > 0 ? `wrote ${result.written.length} files to ${options.out}/types and ${options.out}/schemas` : 'nothing written';
      host.report(result.diagnostics, options, what);
    });

  program
    .command('config-schema')
    .description('Print the JSON Schema of site-config.yaml (or write it to FILE), for editor completion.')
    .argument('[file]', 'file to write instead of printing')
    .action(async (file: string | undefined) => {
      const schema = siteConfigJsonSchema();
      if (file) await writeFile(file, schema);
      else host.io.stdout(schema);
    });
}
