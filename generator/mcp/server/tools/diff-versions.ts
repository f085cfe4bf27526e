import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { answering, text, type ToolContext } from './context.js';
import { nameInput, serviceInput } from './inputs.js';

export function registerDiffVersions(server: McpServer, context: ToolContext): void {
  const { site } = context;
  server.registerTool(
    'diff_versions',
    {
      title: 'Compare two versions of an API',
      description:
        'What changed from one version of an API to another, as the changelog reports it: each change grouped by operation (method, path) or model, its kind, whether it breaks integrators of `from` (and why), and where the contract of `to` (or `from`, for a removal) says it. Give the older version as `from`.',
      inputSchema: {
        service: serviceInput(site),
        from: nameInput('The version to compare from (usually the older).'),
        to: nameInput('The version to compare to (usually the newer).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    answering(async ({ service, from, to }) => {
      const api = site.api(service);
      const older = site.version(api, from);
      const newer = site.version(api, to);
      const [contracts, { diffContracts }, { formatDiff }] = await Promise.all([
        context.contracts(),
        import('../../../diff/compare.js'),
        import('../../../diff/format.js'),
      ]);
      const [before, after] = await Promise.all([contracts.get(api, older), contracts.get(api, newer)]);
      const report = diffContracts(
        { contract: before, version: older.version },
        { contract: after, version: newer.version },
      );
      return text(formatDiff(report, 'json'));
    }),
  );
}
