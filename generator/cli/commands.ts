import { InvalidArgumentError, type Command } from 'commander';
import type { GlobalOptions } from '../commands/options.js';
import { writeFile } from 'node:fs/promises';
import { build, BUILD_STAGES } from '../commands/build.js';
import { serve } from '../commands/serve.js';
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
    .command('build')
    .description('Build the whole site into DIR/site (plus DIR/types, DIR/schemas and DIR/build-report.json); nothing is replaced unless the build succeeds.')
    .action(async () => {
      const options = host.options();
      // A progress line only for a person watching a terminal; CI logs and redirected output stay quiet.
      const progress = options.format === 'text' && process.stderr.isTTY === true && !process.env.CI;
      const result = await build({
        ...options,
        onStage: progress ? (stage, index) => host.io.stderr(`\r\x1b[K[${index + 1}/${BUILD_STAGES.length}] ${stage}…`) : undefined,
      });
      if (progress) host.io.stderr('\r\x1b[K');
      const what = result.report
        ? `built ${result.report.pages.length} pages into ${options.out}/site in ${Math.round(result.report.totalMs)} ms`
        : `build failed; ${options.out}/ was left as it was`;
      host.report(result.diagnostics, options, what);
    });

  program
    .command('serve')
    .description('Serve the built site (DIR/site) like a static host: clean URLs, 404.html for unknown paths, the configured base URL.')
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', parsePort, 3000)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .action(async (flags: { port: number; host: string }) => {
      const options = host.options();
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

  program
    .command('validate')
    .description('Check the config, every contract it names and the content (front matter, MDX, contract components, tagged JSON examples, links), or just the given OpenAPI files (3.0, 3.1, Swagger 2.0).')
    .argument('[files...]', 'OpenAPI documents to check instead of the configured APIs')
    .action(async (files: string[]) => {
      const options = host.options();
      const result = await validate(files, options);
      const pages = files.length > 0 ? '' : ` and ${result.pages} page${result.pages === 1 ? '' : 's'}`;
      host.report(result.diagnostics, options, `validated ${result.checked} document${result.checked === 1 ? '' : 's'}${pages}`);
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

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a whole number from 0 to 65535');
  return port;
}
