import { writeFile } from 'node:fs/promises';
import type { CliCommand } from './host.js';

export const configSchema: CliCommand = (program, host) => {
  program
    .command('config-schema')
    .description('Print the JSON Schema of site-config.yaml (or write it to FILE), for editor completion.')
    .argument('[file]', 'file to write instead of printing')
    .action(async (file: string | undefined) => {
      const { siteConfigJsonSchema } = await import('../../config/json-schema.js');
      const schema = siteConfigJsonSchema();
      if (file) await writeFile(file, schema);
      else host.io.stdout(schema);
    });
};
