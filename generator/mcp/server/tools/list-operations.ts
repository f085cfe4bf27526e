import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { unknown } from '../tool-error.js';
import { answering, json, type ToolContext } from './context.js';
import { serviceInput, versionInput } from './inputs.js';

export function registerListOperations(server: McpServer, { site }: ToolContext): void {
  server.registerTool(
    'list_operations',
    {
      title: "List an API's operations",
      description:
        'Every operation of one API version (the newest unless a version is given), optionally only those of one tag: method, path, summary, operationId, tags, whether it is deprecated, and its URL in the reference. Give an operationId to get_operation for its parameters, bodies, responses and samples.',
      inputSchema: {
        service: serviceInput(site),
        tag: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .optional()
          .describe('Only the operations with this tag (as the reference groups them).'),
        version: versionInput,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    answering(async ({ service, tag, version }) => {
      const api = site.api(service);
      const entry = site.version(api, version);
      const { operations } = await site.reference(entry);
      const tags = [...new Set(operations.flatMap((o) => o.tags))];
      const wanted = tag === undefined ? undefined : tags.find((t) => t.toLowerCase() === tag.toLowerCase());
      if (tag !== undefined && wanted === undefined)
        throw unknown(`tag of ${api.id} ${entry.version}`, tag, tags, `; its tags are ${tags.join(', ') || 'none'}`);
      return json({
        service: api.id,
        version: entry.version,
        operations: operations
          .filter((o) => wanted === undefined || o.tags.includes(wanted))
          .map((o) => ({
            operationId: o.operationId ?? null,
            // What get_operation takes for an operation the contract gives no operationId.
            ...(o.operationId === undefined ? { anchor: o.anchor } : {}),
            method: o.method,
            path: o.path,
            summary: o.summary,
            tags: o.tags,
            ...(o.deprecated ? { deprecated: true } : {}),
            url: site.url(o.href),
          })),
      });
    }),
  );
}
