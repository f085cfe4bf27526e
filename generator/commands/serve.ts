import { stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { createStaticServer } from '../serve/static-server.js';
import type { GlobalOptions } from '../pipeline/options.js';
import { OutputError } from '../write/output-error.js';
import { settleOutput } from '../write/replace-folders.js';

export interface ServeOptions extends Pick<GlobalOptions, 'config' | 'out'> {
  port: number;
  host: string;
}

export type ServeResult = { ok: true; server: Server; url: string } | { ok: false; diagnostics: Diagnostic[] };

/** `specsite serve`: the built `DIR/site` over HTTP, under the configured base URL. */
export async function serve(options: ServeOptions): Promise<ServeResult> {
  const loaded = await loadConfig(options.config);
  if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics };
  try {
    await settleOutput(options.out);
  } catch (error) {
    if (error instanceof OutputError) return { ok: false, diagnostics: [error.diagnostic] };
    throw error;
  }
  const root = resolve(options.out, 'site');
  // Every build writes 404.html; a docs-only site has no home page, so index.html proves nothing.
  const built = await stat(join(root, '404.html')).then(
    () => true,
    () => false,
  );
  if (!built) {
    return {
      ok: false,
      diagnostics: [
        {
          file: join(options.out, 'site'),
          line: 0,
          column: 0,
          severity: 'error',
          rule: 'serve',
          message: 'no built site here; run `specsite build` first',
        },
      ],
    };
  }
  const server = createStaticServer({ root, baseUrl: loaded.config.baseUrl });
  const listening = await new Promise<Error | undefined>((done) => {
    server.once('error', done);
    server.listen(options.port, options.host, () => done(undefined));
  });
  if (listening) {
    const code = (listening as NodeJS.ErrnoException).code;
    const message =
      code === 'EADDRINUSE'
        ? `port ${options.port} is in use; pass --port N`
        : `cannot listen on ${options.host}:${options.port} (${code ?? listening.message})`;
    return {
      ok: false,
      diagnostics: [{ file: loaded.source.display, line: 0, column: 0, severity: 'error', rule: 'serve', message }],
    };
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    ok: true,
    server,
    url: `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}${loaded.config.baseUrl}`,
  };
}
