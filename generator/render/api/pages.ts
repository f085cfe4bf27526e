import type { LoadedApi } from '../../contracts/index.js';
import { withBase } from '../../content/plugins/urls.js';
import type { ContractCatalog, ServiceCatalog } from '../../../templates/mdx/contract-model.js';
import { BuildCache } from '../../cache/store.js';
import { versionHistory } from '../../diff/lifetimes.js';
import { changelogModel, versionAnchor, type VersionAnchors } from './changelog.js';
import { changelogRoute, versionRoute } from './version-routes.js';
import { referenceDocument } from './document.js';
import type { ApiPage } from './reference-pages.js';
import type { ApiRedirect } from './redirects.js';
import { SampleColours } from './samples/colours.js';
import { OperationSamples } from './samples/operation-samples.js';
import { versionPages, type ApiReferenceOptions } from './version-pages.js';
import { entitySchemaFileNames } from '../../types/json-schemas.js';
import { stepKey } from '../../cache/step-key.js';

export type { ApiPage } from './reference-pages.js';
export type { ApiReferenceOptions } from './version-pages.js';
export type { ApiRedirect } from './redirects.js';

export interface ApiReference {
  pages: ApiPage[];
  /** Site path → content: each version's document for download. */
  files: Map<string, string>;
  /** The newest version of each API, for the contract components of MDX pages. */
  catalog: ContractCatalog;
  /** Path under the output folder → content: each version's index for `specsite mcp` (`DIR/mcp/…`). */
  published: Map<string, string>;
  /** A page for each route an older edition of the reference had and this one has not. */
  redirects: ApiRedirect[];
}

/**
 * The reference pages of every version of every API: the newest at the API's route, the others below
 * it. Their samples are coloured by `colours`: by the time it resolves, with `meanwhile`.
 */
export async function buildApiReference(
  apis: readonly LoadedApi[],
  options: ApiReferenceOptions,
  colours: SampleColours = SampleColours.here(),
): Promise<ApiReference> {
  const pages: ApiPage[] = [];
  const redirects: ApiRedirect[] = [];
  const files = new Map<string, string>();
  const published = new Map<string, string>();
  const catalog = new Map<string, ServiceCatalog>();
  for (const loaded of apis) {
    const routeOf = (index: number): string =>
      versionRoute(loaded.api.route, loaded.versions[index]?.version ?? '', index === 0);
    const versions = loaded.versions.map((v, i) => ({ version: v.version, route: routeOf(i) }));
    const changelog = changelogRoute(loaded.api.route);
    const anchors: VersionAnchors[] = [];
    const history = versionHistory(loaded.versions);
    let title = loaded.api.id;
    for (const [index, { version, contract }] of loaded.versions.entries()) {
      const route = routeOf(index);
      const prepared = await referenceDocument(contract);
      const cache = options.cache ?? BuildCache.disabled();
      const samples = await OperationSamples.open(
        cache,
        stepKey(cache, 'typescript-samples', {
          typesPackage: options.typesPackage,
          api: loaded.api.id,
          sources: contract.sources.identity(),
        }),
        prepared.openapi,
        colours,
      );
      files.set(`${route.slice(1)}openapi.yaml`, prepared.downloads.yaml);
      files.set(`${route.slice(1)}openapi.json`, prepared.downloads.json);
      const built = versionPages(prepared.openapi, {
        ...options,
        apiId: loaded.api.id,
        title: loaded.api.title,
        version,
        route,
        versions: versions.map((v) => ({
          version: v.version,
          href: withBase(options.baseUrl, v.route),
          current: v.route === route,
        })),
        changelogHref: withBase(options.baseUrl, changelog),
        samples,
        schemaName: prepared.schemaName,
        lifetimes: history.get(version),
        // What the types stage publishes in DIR/schemas: the newest version of an API it typed.
        schemaFiles:
          index === 0 && options.typed.has(loaded.api.id)
            ? new Map(
                [...entitySchemaFileNames(contract)].map(([name, file]) => [name, `schemas/${loaded.api.id}/${file}`]),
              )
            : undefined,
      });
      await samples.save();
      published.set(...built.indexFile);
      pages.push(...built.pages);
      redirects.push(...built.redirects);
      anchors.push({ version, href: withBase(options.baseUrl, route), ...built.anchors });
      if (index === 0) {
        catalog.set(loaded.api.id, built.catalog);
        title = built.catalog.title;
      }
    }
    const model = changelogModel({
      apiId: loaded.api.id,
      title,
      primaryColor: options.primaryColor,
      versions: anchors,
      history: options.histories.get(loaded.api.id) ?? [],
    });
    pages.push({
      apiId: loaded.api.id,
      route: changelog,
      title: model.heading,
      apiTitle: title,
      description: `What changed in each version of the ${title}, breaking changes first.`,
      model,
      anchors: new Set(model.entries.map((e) => versionAnchor(e.version))),
      parts: [],
    });
  }
  return { pages, files, catalog, published, redirects };
}
