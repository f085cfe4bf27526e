import type { CliCommand } from './host.js';

export const validate: CliCommand = (program, host) => {
  program
    .command('validate')
    .description(
      'Check the config, every contract it names and the content (front matter, MDX, contract components, tagged JSON examples, links), or just the given OpenAPI files (3.0, 3.1, Swagger 2.0).',
    )
    .argument('[files...]', 'OpenAPI documents to check instead of the configured APIs')
    .action(async (files: string[]) => {
      const options = host.options();
      const { validate } = await import('../../commands/validate.js');
      const result = await validate(files, options);
      const pages = files.length > 0 ? '' : ` and ${result.pages} page${result.pages === 1 ? '' : 's'}`;
      host.report(
        result.diagnostics,
        options,
        `validated ${result.checked} document${result.checked === 1 ? '' : 's'}${pages}`,
      );
    });
};
