import { InvalidArgumentError, type Command } from 'commander';
import type { GlobalOptions } from '../commands/options.js';
import { writeFile } from 'node:fs/promises';
import { kib } from '../client/budget.js';
import { largestApiPage } from '../render/page-weight.js';
import { formatReport } from '../diagnostics/format.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CliIO } from './io.js';

export interface CommandHost {
  options: () => GlobalOptions;
  report: (diagnostics: readonly Diagnostic[], options: GlobalOptions, what: string) => void;
  io: CliIO;
  /** Makes the command exit with status 1 although it reported no error (`diff --fail-on-breaking`). */
  fail: () => void;
}

export function registerCommands(program: Command, host: CommandHost): void {
  program
    .command('build')
    .description(
      'Build the whole site into DIR/site (plus DIR/types, DIR/schemas and DIR/build-report.json); nothing is replaced unless the build succeeds. When DIR/ is untouched since the last build and nothing it is built from has changed (config, content, contracts, options, specsite itself), nothing is rebuilt (--no-cache always builds).',
    )
    .option(NO_GIT_DATES, GIT_DATES_HELP)
    .action(async (flags: GitDatesFlag) => {
      const options = host.options();
      // A progress line only for a person watching a terminal; CI logs and redirected output stay quiet.
      const progress = options.format === 'text' && process.stderr.isTTY === true && !process.env.CI;
      // Each command loads its own modules when it runs: a build need not load the diff, dev or types code.
      const { build, BUILD_STAGES } = await import('../commands/build.js');
      const result = await build({
        ...options,
        gitDates: flags.gitDates,
        onStage: progress
          ? (stage, index) => host.io.stderr(`\r\x1b[K[${index + 1}/${BUILD_STAGES.length}] ${stage}…`)
          : undefined,
      });
      if (progress) host.io.stderr('\r\x1b[K');
      const { report } = result;
      const done = !report
        ? undefined
        : result.unchanged
          ? `${options.out}/site is up to date: nothing it is built from has changed since it was built (${report.pages.length} pages)`
          : `built ${report.pages.length} pages into ${options.out}/site in ${Math.round(report.totalMs)} ms`;
      const what = report
        ? `${done}; JavaScript per page ${kib(report.javascript.gzipBytes)} gzip (budgets: docs ${kib(report.javascript.budgets.doc)}, API ${kib(report.javascript.budgets.api)}); search index of ${report.search.pages} pages and ${report.search.records} API entries, ${kib(report.search.bytes)}, ${Math.round(report.search.ms)} ms after rendering${largestApiPage(report.apiPages)}`
        : `build failed; ${options.out}/ was left as it was`;
      host.report(result.diagnostics, options, what);
    });

  withListenOptions(
    program
      .command('serve')
      .description(
        'Serve the built site (DIR/site) like a static host: clean URLs, 404.html for unknown paths, the configured base URL; a page asked for with an Accept header that prefers text/markdown gets its Markdown twin.',
      ),
  ).action(async (flags: ListenFlags) => {
    const options = host.options();
    const { serve } = await import('../commands/serve.js');
    const result = await serve({ ...options, port: flags.port, host: flags.host });
    if (!result.ok) {
      host.report(result.diagnostics, options, 'not serving');
      return;
    }
    host.io.stdout(`serving ${options.out}/site at ${result.url} (Ctrl+C to stop)\n`);
    const stop = (): void => {
      result.server.close();
      // Browsers keep connections open; without this, Ctrl+C would wait for them to time out.
      result.server.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await new Promise((done) => result.server.once('close', done));
  });

  withListenOptions(
    program
      .command('dev')
      .description(
        'Build the site, serve it from memory and rebuild on every change to the config, content/, the contracts or templates/: an edited page is rendered again alone, pages reload themselves, and a change that breaks the build shows its located errors here and in the browser while the last good site stays served.',
      )
      .option(NO_GIT_DATES, GIT_DATES_HELP),
  ).action(async (flags: ListenFlags & GitDatesFlag) => {
    const options = host.options();
    const { dev } = await import('../commands/dev.js');
    const result = await dev({
      ...options,
      gitDates: flags.gitDates,
      port: flags.port,
      host: flags.host,
      onBuild: (event) => {
        const what = event.changed.length === 0 ? 'built the site' : `${event.changed.join(', ')} changed`;
        const problems = event.diagnostics.filter((d) => d.severity === 'error' || event.changed.length === 0);
        if (problems.length > 0)
          host.io.stdout(
            formatReport(
              problems,
              options.format,
              event.ok
                ? `${what}: rendered ${event.rendered} pages in ${Math.round(event.ms)} ms`
                : `${what}: the build failed; the last good site is still served`,
            ),
          );
        else
          host.io.stdout(
            `${what}: rendered ${event.rendered} page${event.rendered === 1 ? '' : 's'} in ${Math.round(event.ms)} ms\n`,
          );
      },
    });
    if (!result.ok) {
      host.report(result.diagnostics, options, 'not serving');
      return;
    }
    host.io.stdout(`serving ${result.url} and watching for changes (Ctrl+C to stop)\n`);
    await new Promise<void>((done) => {
      const stop = (): void => void result.close().then(done);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  });

  program
    .command('validate')
    .description(
      'Check the config, every contract it names and the content (front matter, MDX, contract components, tagged JSON examples, links), or just the given OpenAPI files (3.0, 3.1, Swagger 2.0).',
    )
    .argument('[files...]', 'OpenAPI documents to check instead of the configured APIs')
    .action(async (files: string[]) => {
      const options = host.options();
      const { validate } = await import('../commands/validate.js');
      const result = await validate(files, options);
      const pages = files.length > 0 ? '' : ` and ${result.pages} page${result.pages === 1 ? '' : 's'}`;
      host.report(
        result.diagnostics,
        options,
        `validated ${result.checked} document${result.checked === 1 ? '' : 's'}${pages}`,
      );
    });

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
          import('../commands/diff.js'),
          import('../diff/format.js'),
          import('../diff/change.js'),
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
      collect,
      [],
    )
    .action(async (files: string[], flags: { version: string[] }, command: Command) => {
      if (files.length > 0 && flags.version.length > 0)
        command.error("error: --version picks among the configured APIs' versions; it cannot be used with files");
      const options = host.options();
      const { types } = await import('../commands/types.js');
      const result = await types(files, { ...options, versions: flags.version });
      const what =
        result.written.length > 0
          ? `wrote ${result.written.length} files to ${options.out}/types and ${options.out}/schemas`
          : 'nothing written';
      host.report(result.diagnostics, options, what);
    });

  program
    .command('mcp')
    .description(
      "Serve the built site to AI assistants: a Model Context Protocol server over stdio (tools search, get_page, list_operations, get_operation, get_schema, diff_versions; every page's Markdown and every contract version as resources). Builds DIR first when it is missing or older than the sources; its problems, and the server's own lines, go to stderr.",
    )
    .option('--no-build', 'serve DIR as it is, even when the sources changed since it was built (it must hold a build)')
    .option(NO_GIT_DATES, GIT_DATES_HELP)
    .action(async (flags: { build: boolean } & GitDatesFlag) => {
      const options = host.options();
      const { mcp } = await import('../commands/mcp.js');
      // stdout is the protocol's: every line of ours goes to stderr.
      const result = await mcp({ ...options, build: flags.build, gitDates: flags.gitDates, log: host.io.stderr });
      if (!result.ok) {
        host.io.stderr(formatReport(result.diagnostics, options.format, 'not serving'));
        host.fail();
        return;
      }
      await result.closed;
    });

  program
    .command('config-schema')
    .description('Print the JSON Schema of site-config.yaml (or write it to FILE), for editor completion.')
    .argument('[file]', 'file to write instead of printing')
    .action(async (file: string | undefined) => {
      const { siteConfigJsonSchema } = await import('../config/json-schema.js');
      const schema = siteConfigJsonSchema();
      if (file) await writeFile(file, schema);
      else host.io.stdout(schema);
    });
}

const NO_GIT_DATES = '--no-git-dates';
const GIT_DATES_HELP =
  "do not run git for the docs pages' last-updated dates (by default one `git log` dates each page by the last commit that changed its file)";
/** Commander's value of `--no-git-dates`: true unless it is given. */
type GitDatesFlag = { gitDates: boolean };

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

interface ListenFlags {
  port: number;
  host: string;
}

/** `--port` and `--host`, the same for every command that serves the site. */
function withListenOptions(command: Command): Command {
  return command
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', parsePort, 3000)
    .option('--host <host>', 'interface to listen on', '127.0.0.1');
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('must be a whole number from 0 to 65535');
  return port;
}
