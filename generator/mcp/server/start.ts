import { dirname, resolve } from 'node:path';
import type { GlobalOptions } from '../../pipeline/options.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { countBySeverity } from '../../diagnostics/diagnostic.js';
import { formatReport } from '../../diagnostics/format.js';
import { oneLine } from '../../diagnostics/line.js';
import { mcpSite } from '../../commands/rules.js';
import { openProject } from '../../config/project-root.js';
import { PATH_OUTSIDE_PROJECT } from '../../sources/project-path.js';
import { displayPath } from '../../sources/display-path.js';
import { staleness } from './freshness.js';
import { PublishedSite } from './site.js';

export interface McpOptions extends Omit<GlobalOptions, 'format'> {
  format: GlobalOptions['format'];
  /** Build first when `out/` is missing or stale (`--no-build` turns it off and serves what is there). */
  build: boolean;
  /** As `build --no-git-dates`, for a build made first. */
  gitDates: boolean;
  /** Where the server's own lines go: never stdout, which is the protocol's. */
  log: (text: string) => void;
}

export type McpResult =
  | {
      ok: true;
      /** Settles when the client has gone (stdin closed) or a signal asked the server to stop. */ closed: Promise<void>;
    }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * `specsite mcp`: makes sure `out/` is the build of the sources on disk (building first when it is
 * not: its problems are the build's located lines, on stderr), then serves the published site as
 * a Model Context Protocol server over stdio until the client closes stdin.
 */
export async function startMcpServer(options: McpOptions): Promise<McpResult> {
  const rootDir = dirname(resolve(options.config));
  const opened = await openProject(options.config, options.root);
  if (!opened.ok) return { ok: false, diagnostics: [projectProblem(options.config, opened.message)] };
  const { project } = opened;
  const outDir = resolve(options.out);
  const stale = await staleness(outDir, project.dir, options.out);
  if (stale !== undefined && options.build) {
    options.log(`specsite mcp: ${stale}; building it first\n`);
    const built = await buildQuietly(options);
    if (!built.ok) return built;
  }
  const site = await PublishedSite.open(outDir, rootDir, project);
  if (!site) return { ok: false, diagnostics: [noSite(options.out)] };
  if (stale !== undefined && !options.build) options.log(`specsite mcp: ${stale}; serving it as it is (--no-build)\n`);
  const [{ createMcpServer }, { StdioTransport }] = await Promise.all([
    import('./create.js'),
    import('./stdio/transport.js'),
  ]);
  const { server, screen } = createMcpServer(site);
  const restoreConsole = consoleToStderr();
  const restoreGuard = guardProcess(options.log);
  const restore = (): void => {
    restoreGuard();
    restoreConsole();
  };
  let stop: (why: string) => void = () => {};
  const closed = new Promise<void>((done) => {
    let stopping = false;
    stop = (why) => {
      if (stopping) return;
      stopping = true;
      options.log(`specsite mcp: stopping: ${why}\n`);
      void server.close().finally(() => {
        restore();
        // Nothing more will be read; a paused stdin would otherwise keep the process alive.
        process.stdin.destroy();
        done();
      });
    };
  });
  // The client going away (its end of stdin or stdout closed) or a signal ends the server, even mid-call.
  const gone = (): void => stop('the client closed the connection');
  process.stdin.once('end', gone);
  process.stdin.once('close', gone);
  process.stdout.once('error', gone);
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Whatever closes the connection ends the process too, rather than leaving `closed` unsettled.
  server.server.onclose = () => stop('the connection closed');
  server.server.onerror = (error) => options.log(`specsite mcp: ${clip(oneLine(error.message))}\n`);
  await server.connect(new StdioTransport(process.stdin, process.stdout, options.log, screen));
  options.log(
    `specsite mcp: serving ${options.out}/ (${site.index.pages.length} pages, ${site.index.apis.length} APIs) over stdio\n`,
  );
  return { ok: true, closed };
}

/** The build, its report's lines on stderr; anything a dependency prints meanwhile goes there too, never into the protocol. */
async function buildQuietly(options: McpOptions): Promise<{ ok: true } | { ok: false; diagnostics: Diagnostic[] }> {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  try {
    const { build } = await import('../../commands/build.js');
    const result = await build({ ...options, onStage: undefined });
    const { errors, warnings } = countBySeverity(result.diagnostics);
    if (!result.report || errors > 0) return { ok: false, diagnostics: result.diagnostics };
    if (warnings > 0)
      options.log(
        formatReport(
          result.diagnostics,
          options.format,
          `built ${result.report.pages.length} pages into ${options.out}/site`,
        ),
      );
    else options.log(`specsite mcp: built ${result.report.pages.length} pages into ${options.out}/site\n`);
    return { ok: true };
  } finally {
    process.stdout.write = write;
  }
}

/** console.log and friends write to stdout: while serving, a stray line there would break the protocol. */
function consoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = console.error;
  return () => Object.assign(console, saved);
}

/**
 * While serving, an error that escapes one request's handling (a rejection nobody awaited, an
 * exception thrown from a callback) is one line on stderr, not the end of the server and of every
 * other request: the SDK already answers a request whose handler fails.
 */
function guardProcess(log: (text: string) => void): () => void {
  const stray = (error: unknown): void => {
    log(
      `specsite mcp: an error escaped a request's handling; serving on: ${clip(oneLine(String((error as Error)?.message ?? error)))}\n`,
    );
    if (process.env.SPECSITE_DEBUG) log(`${(error as Error)?.stack ?? String(error)}\n`);
  };
  process.on('unhandledRejection', stray);
  process.on('uncaughtException', stray);
  return () => {
    process.off('unhandledRejection', stray);
    process.off('uncaughtException', stray);
  };
}

/** A message may quote a whole client message: its start is enough on stderr. */
function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function noSite(out: string): Diagnostic {
  return {
    file: `${out}/`,
    line: 0,
    column: 0,
    severity: 'error',
    rule: mcpSite.id,
    message: 'no built site here for specsite mcp; run `specsite build` (or leave out --no-build)',
  };
}

/** `--root` that cannot be the config's project: as `loadConfig` tells it. */
function projectProblem(config: string, message: string): Diagnostic {
  return {
    file: displayPath(resolve(config)),
    line: 0,
    column: 0,
    severity: 'error',
    rule: PATH_OUTSIDE_PROJECT,
    message,
  };
}
