import { watch, type FSWatcher } from 'chokidar';
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../config/load.js';
import { formatDiagnosticText } from '../diagnostics/format.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { BuildOptions } from '../pipeline.js';
import { failedBuild } from './failed-build.js';
import { DevServer, type DevState } from './server.js';
import type { BuilderReply, BuilderRequest } from './worker.js';
import { transpileTemplate } from './transpile.js';

const TEMPLATES = fileURLToPath(new URL('../../../templates/', import.meta.url));
/** Templates bundled for the browser from their sources on every build; the others are compiled code the builder has loaded. */
const BROWSER_TEMPLATES = [`${TEMPLATES}client${sep}`, `${TEMPLATES}styles${sep}`, `${TEMPLATES}dev${sep}`];
/** Editors save in bursts (write, rename, touch); one rebuild takes them all. */
const SETTLE_MS = 20;
/**
 * chokidar drops a second change to a file within 50 ms of the first (its throttle has no trailing
 * call), so a quick second save would go unbuilt: each change is looked at again after that window.
 */
const RECHECK_MS = 60;

export interface DevOptions extends Omit<BuildOptions, 'onStage'> {
  port: number;
  host: string;
  /** Told after every rebuild, for the terminal. */
  onBuild?: (event: DevBuildEvent) => void;
}

export interface DevBuildEvent {
  ok: boolean;
  /** The files that changed, relative to the working folder; empty for the first build. */
  changed: string[];
  /** Routes rendered again. */
  rendered: number;
  ms: number;
  diagnostics: Diagnostic[];
}

export type DevResult =
  { ok: true; url: string; close: () => Promise<void> } | { ok: false; diagnostics: Diagnostic[] };

/**
 * `specsite dev`: builds the site, serves it from memory and watches the config, the content, the
 * contracts and the templates. An edit to a page renders that page alone; other changes run the
 * whole pipeline, which the build cache keeps short. Pages reload themselves after a good build;
 * after a bad one they keep showing the last good site with the problems over it, and the
 * terminal gets the same located lines.
 */
export async function dev(options: DevOptions): Promise<DevResult> {
  const loaded = await loadConfig(options.config, options.rules, options.root);
  if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics };
  const { config } = loaded;
  const state: DevState = { files: new Map(), id: 0, ok: true, problems: [] };
  const server = new DevServer(config.baseUrl, () => state, options.host);
  const builderOptions: BuildOptions = {
    config: options.config,
    out: options.out,
    strict: options.strict,
    rules: options.rules,
    acknowledgeBreaking: options.acknowledgeBreaking,
    cache: options.cache,
    gitDates: options.gitDates,
    root: options.root,
  };

  let builder = startBuilder(builderOptions);
  let pending = new Set<string>();
  let running: Promise<void> | undefined;
  let restart = false;
  let compiling: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const apply = (reply: BuilderReply, changed: string[]): void => {
    if (reply.ok) {
      const files = reply.complete ? new Map(reply.files) : new Map([...state.files, ...reply.files]);
      for (const path of reply.removed ?? []) files.delete(path);
      Object.assign(state, { files, id: state.id + 1, ok: true, problems: [] });
    } else {
      Object.assign(state, {
        ok: false,
        problems: reply.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnosticText),
      });
    }
    server.announce();
    options.onBuild?.({
      ok: reply.ok,
      changed: changed.map((path) => relative(process.cwd(), path)),
      rendered: reply.rendered.length,
      ms: reply.ms,
      diagnostics: reply.diagnostics,
    });
  };
  const run = async (changed: string[]): Promise<void> => {
    if (restart) {
      restart = false;
      await compiling;
      await builder.stop();
      builder = startBuilder(builderOptions);
      changed = [];
    }
    try {
      apply(await builder.build({ changed }), changed);
    } catch (error) {
      // The builder thread died (out of memory, say): report it, and start a fresh one for the next change.
      restart = true;
      apply(failedBuild(`the builder stopped: ${(error as Error).message}; save again to retry`), changed);
    }
  };
  // One build at a time; what changes meanwhile waits for the next.
  const drain = (): void => {
    if (running || pending.size === 0) return;
    const changed = [...pending];
    pending = new Set();
    running = run(changed).finally(() => {
      running = undefined;
      drain();
    });
  };
  const modified = new Map<string, number>();
  const changedPath = (path: string): void => {
    const absolute = resolve(path);
    void mtime(absolute).then((seen) => {
      modified.set(absolute, seen);
      setTimeout(() => {
        void mtime(absolute).then((now) => {
          if (now !== modified.get(absolute)) changedPath(absolute);
        });
      }, RECHECK_MS);
    });
    if (absolute.startsWith(TEMPLATES) && !BROWSER_TEMPLATES.some((dir) => absolute.startsWith(dir))) {
      // A server-side template is code the builder has loaded: compile it and start a fresh builder.
      restart = true;
      // A template that does not compile is reported by the build that follows, from its source.
      compiling = compiling.then(() => transpileTemplate(absolute)).catch(() => undefined);
    }
    pending.add(absolute);
    clearTimeout(timer);
    timer = setTimeout(drain, SETTLE_MS);
  };

  running = builder.build({ changed: [] }).then((reply) => apply(reply, []));
  await running;
  running = undefined;

  const watcher: FSWatcher = watch(
    watchRoots(
      config.rootDir,
      config.contentDir,
      options.config,
      config.apis.map((api) => api.spec),
    ),
    { ignoreInitial: true, ignored: (path) => /(^|[/\\])(node_modules|\.git|\.cache)([/\\]|$)/.test(path) },
  );
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, changedPath);
  await new Promise<void>((ready) => watcher.once('ready', ready));

  await new Promise<void>((listening, failed) => {
    server.server.once('error', failed);
    server.server.listen(options.port, options.host, () => listening());
  }).catch(async (error: NodeJS.ErrnoException) => {
    await watcher.close();
    await builder.stop();
    throw error;
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    ok: true,
    url: `http://${host}:${port}${config.baseUrl}`,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
      await running;
      await builder.stop();
      await server.close();
    },
  };
}

/** A file's modification time, or -1 when it is gone. */
async function mtime(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return -1;
  }
}

/** The config file, the content folder, each API's spec (file or folder) and the generator's templates. */
function watchRoots(rootDir: string, contentDir: string, configPath: string, specs: readonly string[]): string[] {
  return [
    ...new Set([resolve(configPath), resolve(rootDir, contentDir), ...specs.map((spec) => resolve(spec)), TEMPLATES]),
  ];
}

interface Builder {
  build(request: BuilderRequest): Promise<BuilderReply>;
  stop(): Promise<void>;
}

function startBuilder(options: BuildOptions): Builder {
  // Named from dist/ so that the bundled CLI (dist/bundle/cli/) starts the same file, unbundled: a
  // fresh builder must load templates/ as `transpileTemplates` just wrote them.
  const worker = new Worker(new URL('../../generator/dev/worker.js', import.meta.url), { workerData: options });
  let waiting: { resolve: (reply: BuilderReply) => void; reject: (error: Error) => void } | undefined;
  worker.on('message', (reply: BuilderReply) => waiting?.resolve(reply));
  worker.on('error', (error) => waiting?.reject(error));
  return {
    build: (request) =>
      new Promise((resolvePromise, reject) => {
        waiting = { resolve: resolvePromise, reject };
        worker.postMessage(request);
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
