import { formatReport } from '../../diagnostics/format.js';
import { withGitDatesOption, type GitDatesFlag } from './git-dates-option.js';
import type { CliCommand } from './host.js';

export const mcp: CliCommand = (program, host) => {
  withGitDatesOption(
    program
      .command('mcp')
      .description(
        "Serve the built site to AI assistants: a Model Context Protocol server over stdio (tools search, get_page, list_operations, get_operation, get_schema, diff_versions; every page's Markdown and every contract version as resources). Builds DIR first when it is missing or older than the sources; its problems, and the server's own lines, go to stderr.",
      )
      .option(
        '--no-build',
        'serve DIR as it is, even when the sources changed since it was built (it must hold a build)',
      ),
  ).action(async (flags: { build: boolean } & GitDatesFlag) => {
    const options = host.options();
    const { mcp } = await import('../../commands/mcp.js');
    // stdout is the protocol's: every line of ours goes to stderr.
    const result = await mcp({ ...options, build: flags.build, gitDates: flags.gitDates, log: host.io.stderr });
    if (!result.ok) {
      host.io.stderr(formatReport(result.diagnostics, options.format, 'not serving'));
      host.fail();
      return;
    }
    await result.closed;
  });
};
