import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answering, text, type ToolContext } from './context.js';

export function registerGetPage(server: McpServer, { site }: ToolContext): void {
  server.registerTool(
    'get_page',
    {
      title: 'Read a page',
      description: `A page of the ${site.index.title} site as Markdown: a docs page, a standalone page, a post, an API reference page or changelog. Links in it are absolute URLs of the site.`,
      inputSchema: {
        route: z
          .string()
          .trim()
          .min(1)
          .max(2000)
          .describe(
            `The page's route or URL: \`/docs/architecture/\`, \`docs/architecture\`, or \`${site.pageUrl('/docs/architecture/')}\`; an anchor is ignored.`,
          ),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    answering(async ({ route }) => text(await site.twin(site.page(route)))),
  );
}
