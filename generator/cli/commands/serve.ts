import type { CliCommand } from './host.js';
import { withListenOptions, type ListenFlags } from './listen-options.js';

export const serve: CliCommand = (program, host) => {
  withListenOptions(
    program
      .command('serve')
      .description(
        'Serve the built site (DIR/site) like a static host: clean URLs, 404.html for unknown paths, the configured base URL; a page asked for with an Accept header that prefers text/markdown gets its Markdown twin.',
      ),
  ).action(async (flags: ListenFlags) => {
    const options = host.options();
    const { serve } = await import('../../commands/serve.js');
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
};
