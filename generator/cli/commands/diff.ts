import type { Command } from 'commander';
import type { CliCommand } from './host.js';

export const diff: CliCommand = (program, host) => {
  program
    .command('diff')
    .description(
      'Report what changed between two versions of a contract, grouped by operation and schema, each change classified breaking or not for integrators and located (file:line:col, JSON pointer). --format text|json|markdown|github.',
    )
    .argument('[old]', 'the earlier OpenAPI document')
    .argument('[new]', 'the later OpenAPI document')
    .option(
      '--service <id>',
      'compare the two newest versions in the folder of this configured API instead of two files',
    )
    .option('--fail-on-breaking', 'exit with status 1 when a breaking change is not acknowledged', false)
    .action(
      async (
        oldFile: string | undefined,
        newFile: string | undefined,
        flags: { service?: string; failOnBreaking: boolean },
        command: Command,
      ) => {
        const files = [oldFile, newFile].filter((f): f is string => f !== undefined);
        if (flags.service !== undefined ? files.length > 0 : files.length !== 2)
          command.error('error: give two OpenAPI files (OLD NEW), or --service <id> alone');
        const options = host.options();
        const [{ diff }, { formatDiff }, { countChanges }] = await Promise.all([
          import('../../commands/diff.js'),
          import('../../diff/format.js'),
          import('../../diff/change.js'),
        ]);
        const result = await diff(
          flags.service !== undefined
            ? { service: flags.service }
            : { files: [files[0] as string, files[1] as string] },
          options,
        );
        if (!result.report) {
          host.report(result.diagnostics, options, 'no diff made');
          return;
        }
        host.io.stdout(formatDiff(result.report, options.format));
        if (flags.failOnBreaking && countChanges(result.report.changes).breaking > 0) host.fail();
      },
    );
};
