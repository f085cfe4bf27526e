import {
  PUBLISHED_FORMAT,
  SITE_INDEX,
  type ApiEntry,
  type OperationEntry,
  type PageEntry,
  type SiteIndex,
  type VersionEntry,
  type VersionIndex,
} from '../../render/api/mcp/published.js';
import type { Project } from '../../sources/project-path.js';
import { OutFiles } from './out-files.js';
import { routeOf } from './routes.js';
import { ToolError, unknown } from './tool-error.js';

/**
 * The built site as the server sees it: `DIR/mcp/site.json` read at start (small), each version's
 * reference index, twin, schema and contract read when first asked for. Every lookup goes through
 * what the build published, so an argument only ever selects among those files.
 */
export class PublishedSite {
  private readonly references = new Map<string, Promise<VersionIndex>>();
  private readonly byRoute: Map<string, PageEntry>;
  readonly root: URL;

  private constructor(
    readonly index: SiteIndex,
    readonly files: OutFiles,
    /** The config's folder, which the index's contract paths are relative to. */
    readonly rootDir: string,
    /** What the contracts' `$ref`s may read, as for the build. */
    readonly project: Project,
  ) {
    this.root = new URL(index.root);
    this.byRoute = new Map(index.pages.map((p) => [p.route, p]));
  }

  /** The site published in `outDir`; undefined when there is none (or one an older specsite wrote). */
  static async open(outDir: string, rootDir: string, project: Project): Promise<PublishedSite | undefined> {
    const files = new OutFiles(outDir);
    const index = await files.json<SiteIndex>(SITE_INDEX).catch(() => undefined);
    if (index?.format !== PUBLISHED_FORMAT) return undefined;
    return new PublishedSite(index, files, rootDir, project);
  }

  /** An absolute URL of the site for a path that carries the base URL (`/docs/x/#a`). */
  url(href: string): string {
    return new URL(href, this.root.origin).href;
  }

  /** The URL of a page by its route (without the base URL). */
  pageUrl(route: string): string {
    return new URL(route.replace(/^\//, ''), this.root).href;
  }

  page(given: string): PageEntry {
    const route = routeOf(given, this.root);
    const page = this.byRoute.get(route);
    if (!page) throw unknown('page', given, [...this.byRoute.keys()], '; the search tool finds pages by their words');
    return page;
  }

  async twin(page: PageEntry): Promise<string> {
    if (page.twin === undefined) throw new ToolError(`the page ${page.route} has no Markdown version`);
    return this.files.text(`site/${page.twin}`);
  }

  api(id: string): ApiEntry {
    const api = this.index.apis.find((a) => a.id === id);
    if (!api)
      throw unknown(
        'service',
        id,
        this.index.apis.map((a) => a.id),
        `; the services are ${this.index.apis.map((a) => a.id).join(', ') || 'none'}`,
      );
    return api;
  }

  /** A version of an API, the newest when none is given. */
  version(api: ApiEntry, version: string | undefined): VersionEntry {
    const found = version === undefined ? api.versions[0] : api.versions.find((v) => v.version === version);
    if (!found)
      throw unknown(
        `version of ${api.id}`,
        version ?? '',
        api.versions.map((v) => v.version),
        `; its versions are ${api.versions.map((v) => v.version).join(', ')} (newest first)`,
      );
    return found;
  }

  reference(version: VersionEntry): Promise<VersionIndex> {
    let found = this.references.get(version.reference);
    if (!found) {
      found = this.files.json<VersionIndex>(version.reference);
      // A failed read is tried again next time rather than remembered.
      found.catch(() => this.references.delete(version.reference));
      this.references.set(version.reference, found);
    }
    return found;
  }

  /** An operation by its operationId (or, for one without, its anchor). */
  async operation(api: ApiEntry, version: VersionEntry, id: string): Promise<OperationEntry> {
    const { operations } = await this.reference(version);
    const found = operations.find((o) => o.operationId === id) ?? operations.find((o) => o.anchor === id);
    if (found) return found;
    const elsewhere: string[] = [];
    for (const other of api.versions)
      if (other !== version && (await this.reference(other)).operations.some((o) => o.operationId === id))
        elsewhere.push(other.version);
    const more = elsewhere.length > 0 ? `; "${id}" is in version ${elsewhere.join(', ')}` : '';
    throw unknown(`operation of ${api.id} ${version.version}`, id, operations.map(idOf), more);
  }
}

export function idOf(operation: OperationEntry): string {
  return operation.operationId ?? operation.anchor;
}
