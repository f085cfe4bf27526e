import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { HistoryEntry, VersionLink } from '../../../render/api/mcp/published.js';
import type { PublishedSite } from '../site.js';
import { answering, json, type ToolContext } from './context.js';
import { nameInput, serviceInput, versionInput } from './inputs.js';

export function registerGetOperation(server: McpServer, { site }: ToolContext): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Read an operation',
      description:
        'One operation of an API version, by operationId: method, path, description, parameters, request body and responses (each schema with its own $ref resolved one level; deeper $refs name components that get_schema gives), their examples (`generated: true` when made from the schema), the curl and TypeScript samples, and, for an API with several versions, its history: the version it came in, and where it was deprecated or removed.',
      inputSchema: {
        service: serviceInput(site),
        operationId: nameInput(
          'The operationId, as list_operations or search give it (for an operation without one, the anchor list_operations gives).',
        ),
        version: versionInput,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    answering(async ({ service, operationId, version }) => {
      const api = site.api(service);
      const entry = site.version(api, version);
      const { href, history, anchor: _anchor, ...operation } = await site.operation(api, entry, operationId);
      return json({
        service: api.id,
        version: entry.version,
        ...operation,
        url: site.url(href),
        ...(history ? { history: absoluteHistory(site, history) } : {}),
      });
    }),
  );
}

/** `since`, `deprecatedIn`, `removedIn`, each with the URL of its version's changelog entry. */
export function absoluteHistory(site: PublishedSite, history: HistoryEntry): Record<string, VersionLink> {
  return Object.fromEntries(
    Object.entries(history).map(([fact, link]: [string, VersionLink]) => [
      fact,
      { version: link.version, changelog: site.url(link.changelog) },
    ]),
  );
}
