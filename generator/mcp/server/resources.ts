import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { invalidParams } from './protocol-error.js';
import { pageOf } from './resource-pages.js';
import type { PublishedSite } from './site.js';
import { unknown } from './tool-error.js';

/** `specsite://page/docs/architecture/`: a page's Markdown. */
export function pageUri(route: string): string {
  return `specsite://page${route}`;
}

/** `specsite://contract/searcher/3.1.0`: one version of an API's contract. */
export function contractUri(service: string, version: string): string {
  return `specsite://contract/${encodeURIComponent(service)}/${encodeURIComponent(version)}`;
}

interface Entry {
  resource: Resource;
  read: () => Promise<string>;
}

/**
 * Every page with a Markdown twin (text/markdown) and every version of every contract, in the
 * format its owner wrote it (application/yaml or application/json), as the site offers it for
 * download (a contract spread over several files comes bundled into one). The server answers the
 * resource requests itself rather than through `McpServer.registerResource`, whose `resources/list`
 * has no pages (the real site's is 41 KB in one answer) and whose unknown URI is `MCP error -32602:
 * …`. The list never changes while the server runs: `listChanged` is not advertised.
 */
export function registerResources(server: McpServer, site: PublishedSite): void {
  const entries = catalog(site);
  const byUri = new Map(entries.map((e) => [e.resource.uri, e]));
  server.server.registerCapabilities({ resources: {} });
  server.server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const { items, nextCursor } = pageOf(entries, request.params?.cursor);
    return { resources: items.map((e) => e.resource), ...(nextCursor !== undefined && { nextCursor }) };
  });
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request): Promise<ReadResourceResult> => {
    const { uri } = request.params;
    const entry = byUri.get(uri);
    if (!entry) throw invalidParams('resources/read', unknown('resource', uri, [...byUri.keys()]).message);
    const { mimeType } = entry.resource;
    return { contents: [{ uri, mimeType, text: await entry.read() }] };
  });
}

function catalog(site: PublishedSite): Entry[] {
  const entries: Entry[] = [];
  for (const page of site.index.pages) {
    if (page.twin === undefined) continue;
    entries.push({
      resource: {
        uri: pageUri(page.route),
        name: page.route,
        title: page.title,
        description: page.description,
        mimeType: 'text/markdown',
      },
      read: () => site.twin(page),
    });
  }
  for (const api of site.index.apis)
    for (const version of api.versions) {
      const json = version.source.toLowerCase().endsWith('.json');
      entries.push({
        resource: {
          uri: contractUri(api.id, version.version),
          name: `${api.id}@${version.version}`,
          title: `${api.title} ${version.version}`,
          description: `The OpenAPI contract of the ${api.title}, version ${version.version}.`,
          mimeType: json ? 'application/json' : 'application/yaml',
        },
        read: () => site.files.text(`site/${json ? version.downloads.json : version.downloads.yaml}`),
      });
    }
  return entries;
}
