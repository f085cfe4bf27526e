import type { Command } from 'commander';
import type { CliCommand } from './host.js';

export const types: CliCommand = (program, host) => {
  program
    .command('types')
    .description(
      'Generate the TypeScript types package (DIR/types) and one JSON Schema per entity (DIR/schemas) for the configured APIs or the given files.',
    )
    .argument(
      '[files...]',
      'OpenAPI documents to type instead of the configured APIs (each becomes an entry named after its file)',
    )
    .option(
      '--version <[api@]version>',
      'type this version instead of the newest: 1.0.0 for every API, searcher@1.0.0 for one (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .action(async (files: string[], flags: { version: string[] }, command: Command) => {
      if (files.length > 0 && flags.version.length > 0)
        command.error("error: --version picks among the configured APIs' versions; it cannot be used with files");
      const options = host.options();
      const { types } = await import('../../commands/types.js');
      const result = await types(files, { ...options, versions: flags.version });
      const what =
        result.written.length > 0
          ? `wrote ${result.written.length} files to ${options.out}/types and ${options.out}/schemas`
          : 'nothing written';
      host.report(result.diagnostics, options, what);
    });
};
