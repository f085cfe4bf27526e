import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { PublishedSite } from './site.js';

/** `specsite://page/docs/architecture/`: a page's Markdown. */
export function pageUri(route: string): string {
  return `specsite://page${route}`;
}

/** `specsite://contract/searcher/3.1.0`: one version of an API's contract. */
export function contractUri(service: string, version: string): string {
  return `specsite://contract/${encodeURIComponent(service)}/${encodeURIComponent(version)}`;
}

/**
 * Every page with a Markdown twin (text/markdown) and every version of every contract, in the
 * format its owner wrote it (application/yaml or application/json), as the site offers it for
 * download (a contract spread over several files comes bundled into one).
 */
export function registerResources(server: McpServer, site: PublishedSite): void {
  for (const page of site.index.pages) {
    if (page.twin === undefined) continue;
    const uri = pageUri(page.route);
    server.registerResource(
      page.route,
      uri,
      { title: page.title, description: page.description, mimeType: 'text/markdown' },
      async () => ({ contents: [{ uri, mimeType: 'text/markdown', text: await site.twin(page) }] }),
    );
  }
  for (const api of site.index.apis) {
    for (const version of api.versions) {
      const json = version.source.toLowerCase().endsWith('.json');
      const uri = contractUri(api.id, version.version);
      const mimeType = json ? 'application/json' : 'application/yaml';
      server.registerResource(
        `${api.id}@${version.version}`,
        uri,
        {
          title: `${api.title} ${version.version}`,
          description: `The OpenAPI contract of the ${api.title}, version ${version.version}.`,
          mimeType,
        },
        async () => ({
          contents: [
            {
              uri,
              mimeType,
              text: await site.files.text(`site/${json ? version.downloads.json : version.downloads.yaml}`),
            },
          ],
        }),
      );
    }
  }
}
