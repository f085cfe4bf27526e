import type { ApiReferenceModel, OperationModel } from '../../../templates/api/model.js';
import type { ServiceCatalog } from '../../../templates/mdx/contract-model.js';
import type { DiffReport } from '../../diff/change.js';
import type { VersionLifetimes } from '../../diff/lifetimes.js';
import type { BuildCache } from '../../cache/store.js';
import { changelogAnchors, serviceCatalog } from './catalog.js';
import type { VersionAnchors } from './changelog.js';
import { contractUrls, versionAnchors } from './contract-links.js';
import { Descriptions, firstSentence } from './descriptions.js';
import { addHistoryMarks } from './history-marks.js';
import { LAYOUT_IDS, operationHrefs, versionLayout, type PlacedSection } from './layout.js';
import { apiNav, endpointLabel, rolesIndex } from './nav.js';
import { operationModel, type OperationContext } from './operation-model.js';
import { groupOperations, type TagGroup } from './operations.js';
import {
  fits,
  JsonSizes,
  modelsWeight,
  operationWeight,
  PAGE_BUDGET,
  type PageBudget,
  type Weight,
} from './page-budget.js';
import { apiTitle } from './api-title.js';
import { referencePages, referenceTitle, type ApiPage, type VersionParts } from './reference-pages.js';
import { RefResolver, asRecord, asString } from './resolver.js';
import { releaseExampleGenerator } from './generated-example.js';
import type { OperationSamples, SampleLanguage } from './samples/operation-samples.js';
import { SchemaRegistry } from './schema-registry.js';
import { schemaSections } from './schema-sections.js';
import { distinctLabels, ownSectionNames } from './section-labels.js';
import { securitySchemes, servers, titleRequirements } from './security-model.js';
import { versionIndexFile } from './mcp/version-index.js';
import { legacyPages, type LegacyPage } from './legacy-routes.js';
import { legacyRedirects, type ApiRedirect, type Place } from './redirects.js';
import { divideLarge } from './sub-resources.js';

export interface ApiReferenceOptions {
  baseUrl: string;
  /** Module specifier of the generated types, without the service (`@acme/api-types`). */
  typesPackage: string;
  codeSamples: readonly SampleLanguage[];
  /** Services that have generated types; the others get no TypeScript sample. */
  typed: ReadonlySet<string>;
  /** An API version with more operations than this gets one page per tag, whatever its size. */
  splitAbove?: number;
  /** The most HTML one reference page may weigh: a version whose one page would weigh more is split by tag. */
  pageBudget?: PageBudget;
  primaryColor: string;
  /** Each API's change reports between consecutive versions, newest first (see `apiHistory`). */
  histories: ReadonlyMap<string, readonly DiffReport[]>;
  /** Keeps the TypeScript samples between builds. */
  cache?: BuildCache;
}

export interface VersionInput extends ApiReferenceOptions {
  apiId: string;
  title: string | undefined;
  version: string;
  route: string;
  versions: ApiReferenceModel['versions'];
  changelogHref: string;
  /** Writes (and colours) each operation's samples; keeps the TypeScript ones between builds. */
  samples: OperationSamples;
  /** The name of a schema written in another file of the contract (see `externalSchemaNamer`). */
  schemaName?: (pointer: string) => string | undefined;
  /** Where each operation and named schema stands in the API's versions, when it has more than one. */
  lifetimes?: VersionLifetimes;
  /** The published JSON Schema of each component, by name (the newest version of a typed API). */
  schemaFiles?: ReadonlyMap<string, string>;
}

export interface VersionPages {
  pages: ApiPage[];
  catalog: ServiceCatalog;
  /** Where each operation and named schema is rendered, for the changelog's links. */
  anchors: Pick<VersionAnchors, 'operations' | 'schemas'>;
  /** What `specsite mcp` answers about the version's operations and models: its file (path under `DIR/`, text). */
  indexFile: [string, string];
  /** A page for each route the second edition gave the version that it no longer has. */
  redirects: ApiRedirect[];
}

/** The reference pages of one version of an API, its catalog, and where its parts are. */
export function versionPages(document: Record<string, unknown>, input: VersionInput): VersionPages {
  const info = asRecord(document.info);
  const title = apiTitle(input.title, document, input.apiId);
  const resolver = new RefResolver(document);
  const { groups, split, legacy } = placedGroups(document, resolver, input);
  const layout = versionLayout(groups, input.route, split, input.baseUrl);
  const text = new Descriptions(contractUrls(document, versionAnchors(groups, layout)));
  const registry = new SchemaRegistry(resolver, () => layout.modelsRoute, layout.href, input.schemaName);
  const hrefs = operationHrefs(groups, layout);
  const context: OperationContext = {
    registry,
    text,
    resolver,
    defaultSecurity: document.security,
    operationHref: (id) => hrefs.get(id),
  };
  const tagged = tagSections(groups, document, context, input);
  const schemes = securitySchemes(document, resolver, text);
  titleRequirements(
    tagged.flatMap((t) => t.section.operations),
    schemes,
  );
  const schemas = schemaSections(registry, context);
  if (input.lifetimes) addHistoryMarks(tagged, schemas, input.lifetimes, input.changelogHref);
  const roles = rolesIndex(layout, tagged);
  const overview = {
    description: text.render(info.description),
    servers: servers(document, text),
    securitySchemes: schemes,
    roles,
  };
  const own = ownSectionNames({
    split,
    models: schemas.all.length > 0,
    servers: overview.servers.length > 0,
    authentication: overview.securitySchemes.length > 0,
    roles: roles.length > 0,
  });
  const sections = distinctLabels(tagged, own);
  const catalog = serviceCatalog(title, layout, sections, schemas.catalog);
  const anchors = changelogAnchors(groups, layout, schemas.catalog);
  const nav = apiNav(layout, sections, schemas.routes);
  const common = commonModel(title, input, layout.href);
  const summary = firstSentence(text.plain(info.description)) || `Reference of the ${title}.`;
  const parts: VersionParts = {
    apiId: input.apiId,
    title: referenceTitle(title),
    summary,
    common,
    overview,
    layout,
    sections,
    schemas,
    nav,
    budget: input.pageBudget ?? PAGE_BUDGET,
  };
  // Made here, from the models the pages were just rendered from, while they are at hand.
  const indexFile = versionIndexFile(input.route, {
    sections: tagged,
    schemas,
    layout,
    resolver,
    schemaFiles: input.schemaFiles ?? new Map(),
  });
  const pages = referencePages(parts);
  const redirects = legacy
    ? legacyRedirects(
        legacy([...registry.components, ...registry.others]),
        new Set(pages.map((p) => p.route)),
        places(tagged, schemas.all, layout),
        { apiId: input.apiId, title: `Page moved · ${parts.title}`, baseUrl: input.baseUrl, fallback: input.route },
      )
    : [];
  releaseExampleGenerator(resolver);
  return { pages, catalog, anchors, indexFile, redirects };
}

/** Where every anchor of a split version is now, for the redirects of its old routes. */
function places(
  tagged: readonly PlacedSection[],
  models: VersionParts['schemas']['all'],
  layout: ReturnType<typeof versionLayout>,
): Map<string, Place> {
  const result = new Map<string, Place>([['models', { route: layout.modelsRoute, label: 'Models' }]]);
  for (const { group, section } of tagged) {
    const route = layout.tagRoute(group);
    result.set(section.anchor, { route, label: section.name });
    for (const op of section.operations) result.set(op.id, { route, label: endpointLabel(op) });
  }
  for (const model of models) result.set(model.anchor, { route: layout.modelsRoute, label: model.name });
  return result;
}

/**
 * The operations by tag, and whether they need more than one page: split when the one page's
 * estimate would pass the budget (or there are more operations than `splitAbove`), and then a tag
 * with too many operations divided by its sub-resources. `legacy`: the pages the second edition
 * made of a split version (tags cut by size, models by initial), once its schemas are known.
 */
function placedGroups(
  document: Record<string, unknown>,
  resolver: RefResolver,
  input: VersionInput,
): {
  groups: TagGroup[];
  split: boolean;
  legacy: ((schemas: ReadonlyArray<{ name: string; anchor: string; schema: unknown }>) => LegacyPage[]) | undefined;
} {
  const budget = input.pageBudget ?? PAGE_BUDGET;
  // The split decision and the old routes weigh each operation: once is enough.
  const weights = new WeakMap<object, Weight>();
  const sizes = new JsonSizes(resolver);
  const withSchemas = new JsonSizes(resolver, true);
  const weight = (source: Parameters<typeof operationWeight>[0]): Weight => {
    let found = weights.get(source.operation);
    if (!found) weights.set(source.operation, (found = operationWeight(source, sizes, withSchemas)));
    return found;
  };
  const grouped = groupOperations(
    document,
    resolver,
    new Set(LAYOUT_IDS),
    (sources) =>
      (input.splitAbove !== undefined && sources.length > input.splitAbove) ||
      !fits([...sources.map((s) => weight({ ...s, id: '' })), modelsWeight(document)], budget),
    input.splitAbove,
  );
  if (!grouped.split) return { groups: grouped.groups, split: false, legacy: undefined };
  return {
    groups: divideLarge(grouped.groups, grouped.anchor),
    split: true,
    legacy: (schemas) => legacyPages(grouped.groups, weight, budget, input.route, schemas),
  };
}

/** Every tag's operations, each with its code samples. */
function tagSections(
  groups: readonly TagGroup[],
  document: Record<string, unknown>,
  context: OperationContext,
  input: VersionInput,
): PlacedSection[] {
  const module = `${input.typesPackage}/${input.apiId}`;
  const wanted = input.typed.has(input.apiId)
    ? input.codeSamples
    : input.codeSamples.filter((kind) => kind !== 'typescript');
  return groups.map((group) => ({
    group,
    section: {
      name: group.name,
      anchor: group.anchor,
      description: context.text.render(group.description),
      operations: group.operations.map((source) => {
        const model = operationModel(source, context);
        if (source.kind === 'operation')
          model.samples = input.samples.samples(source, document, context.resolver, module, wanted);
        return model;
      }),
    },
  }));
}

/** What every page of the version shows: its title, versions, downloads; the rest is filled per page. */
function commonModel(title: string, input: VersionInput, href: (route: string) => string): VersionParts['common'] {
  return {
    title,
    heading: referenceTitle(title),
    version: input.version,
    description: null,
    versions: input.versions,
    changelogHref: input.changelogHref,
    apiId: input.apiId,
    primaryColor: input.primaryColor,
    downloads: [
      { label: 'OpenAPI (YAML)', href: href(`${input.route}openapi.yaml`) },
      { label: 'OpenAPI (JSON)', href: href(`${input.route}openapi.json`) },
    ],
    servers: [],
    securitySchemes: [],
    roles: [],
    sections: [],
    models: [],
    moved: [],
  };
}
