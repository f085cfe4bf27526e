import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { HitKind } from '../search/site-search.js';
import { answering, json, text, type ToolContext } from './context.js';

const KINDS = ['section', 'operation', 'model'] as const satisfies readonly HitKind[];

export function registerSearch(server: McpServer, context: ToolContext): void {
  const { site } = context;
  server.registerTool(
    'search',
    {
      title: `Search ${site.index.title}`,
      description: `Search of the ${site.index.title} documentation, ranked as the site's own search dialog ranks: the sections of its docs pages, and the operations and models of each API's newest version. A call ("POST /v1/search"), an operationId, a model's name, an allowed value, a status code or an error message finds what it names first; a question finds the guide. Returns the best hits first, each with its kind, title, URL and a snippet; operations also give service, method, path and operationId. Then read a page with get_page, an operation with get_operation, a model with get_schema.`,
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .describe('Words to look for, or an identifier such as an operationId or a model name.'),
        kind: z.enum(KINDS).optional().describe('Only hits of this kind: page sections, operations or models.'),
        limit: z.number().int().min(1).max(50).default(10).describe('How many hits at most (10 unless given).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    answering(async ({ query, kind, limit }) => {
      const search = await context.search();
      const found = await search.search(query, limit, kind);
      if (found.length === 0) return text(`nothing in ${site.index.title} matches "${query}"`);
      return json(found);
    }),
  );
}
