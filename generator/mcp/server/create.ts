import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../package-version.js';
import type { ContractFiles } from './contracts.js';
import { gate, type Screen } from './gate.js';
import { registerResources } from './resources.js';
import type { SiteSearch } from './search/site-search.js';
import type { PublishedSite } from './site.js';
import type { ToolContext } from './tools/context.js';
import { registerDiffVersions } from './tools/diff-versions.js';
import { registerGetOperation } from './tools/get-operation.js';
import { registerGetPage } from './tools/get-page.js';
import { registerGetSchema } from './tools/get-schema.js';
import { registerListOperations } from './tools/list-operations.js';
import { registerSearch } from './tools/search.js';

/**
 * The MCP server over one published site: its tools and resources, and the screen its transport
 * puts before it (see `gate.ts`). The search index and the contracts' parser load on first use, so
 * the server is ready as soon as `site.json` is read.
 */
export function createMcpServer(site: PublishedSite): { server: McpServer; screen: Screen } {
  const { title } = site.index;
  const services = site.index.apis.map((a) => a.id).join(', ');
  const server = new McpServer(
    { name: 'specsite', title: `${title} documentation`, version: packageVersion() },
    {
      instructions: `The documentation of ${title} (${site.root.href})${services ? ` and the reference of its APIs (${services})` : ''}. Find pages, operations and models with search; read a page with get_page; explore an API with list_operations, get_operation and get_schema; compare versions with diff_versions. Every answer comes from the built site, and every URL in it is a page of that site.`,
    },
  );
  const context: ToolContext = {
    site,
    contracts: once(
      async () => new (await import('./contracts.js')).ContractFiles(site.rootDir, site.project) as ContractFiles,
    ),
    search: once(async () => (await import('./search/site-search.js')).SiteSearch.open(site) as Promise<SiteSearch>),
  };
  const tools = toolNames(server);
  registerSearch(server, context);
  registerGetPage(server, context);
  registerListOperations(server, context);
  registerGetOperation(server, context);
  registerGetSchema(server, context);
  registerDiffVersions(server, context);
  registerResources(server, site);
  // The tools, like the resources, are those of the build the server started on, until it stops:
  // no list ever changes, so none is said to (the SDK advertises `listChanged: true` by default).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return { server, screen: gate(tools) };
}

/** The names of the tools registered from now on (the SDK keeps its own list private). */
function toolNames(server: McpServer): ReadonlySet<string> {
  const names = new Set<string>();
  const register = server.registerTool.bind(server) as (name: string, ...rest: unknown[]) => unknown;
  server.registerTool = ((name: string, ...rest: unknown[]) => {
    names.add(name);
    return register(name, ...rest);
  }) as McpServer['registerTool'];
  return names;
}

/** `make` run on the first call, its promise shared; a failure is tried again on the next call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    made.catch(() => (made = undefined));
    return made;
  };
}
