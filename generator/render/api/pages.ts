import { slugify } from '../../config/resolve.js';
import type { LoadedApi } from '../../contracts/index.js';
import { withBase } from '../../content/plugins/urls.js';
import type {
  ApiNavModel,
  ApiReferenceModel,
  OperationModel,
  SchemaSectionModel,
  TagSectionModel,
} from '../../../templates/api/model.js';
import type { ContractCatalog, OperationCardModel, ServiceCatalog } from '../../../templates/mdx/contract-model.js';
import type { DiffReport } from '../../diff/change.js';
import { operationKey } from '../../contracts/walk.js';
import type { ChangelogModel } from '../../../templates/api/changelog-model.js';
import { CHANGELOG_SLUG, changelogModel, versionAnchor, type VersionAnchors } from './changelog.js';
import { Descriptions } from './descriptions.js';
import { referenceDocument } from './document.js';
import { operationModel, type OperationContext } from './operation-model.js';
import { groupOperations, type TagGroup } from './operations.js';
import { RefResolver, asRecord, asString } from './resolver.js';
import { curlSample } from './samples/curl.js';
import { requestPlan } from './samples/request-plan.js';
import { TypeScriptSamples } from './samples/typescript-samples.js';
import { BuildCache } from '../../cache/store.js';
import { namedSchemaModel } from './schema-model.js';
import { ModelPager } from './model-pager.js';
import { SchemaRegistry, type NamedSchema } from './schema-registry.js';
import { securitySchemes, servers } from './security-model.js';

export interface ApiPage {
  apiId: string;
  route: string;
  /** Title for `<title>`. */
  title: string;
  description: string;
  model: ApiReferenceModel | ChangelogModel;
  anchors: Set<string>;
}

export interface ApiReferenceOptions {
  baseUrl: string;
  /** Module specifier of the generated types, without the service (`@acme/api-types`). */
  typesPackage: string;
  codeSamples: ReadonlyArray<'curl' | 'typescript'>;
  /** Services that have generated types; the others get no TypeScript sample. */
  typed: ReadonlySet<string>;
  /** An API version with more operations than this gets one page per tag. */
  splitAbove: number;
  primaryColor: string;
  /** Each API's change reports between consecutive versions, newest first (see `apiHistory`). */
  histories: ReadonlyMap<string, readonly DiffReport[]>;
  /** Keeps the TypeScript samples between builds. */
  cache?: BuildCache;
}

export interface ApiReference {
  pages: ApiPage[];
  /** Site path → content: each version's document for download. */
  files: Map<string, string>;
  /** The newest version of each API, for the contract components of MDX pages. */
  catalog: ContractCatalog;
}

/** Ids the page layout itself uses; an operation or tag never takes one. */
const LAYOUT_IDS = [
  '__site',
  'main-content',
  'docs-sidebar',
  'navbar-primary-menu',
  'api-overview',
  'api-servers',
  'api-authentication',
  'api-roles',
  'api-downloads',
  'models',
  'api-moved',
];
const MODELS_SLUG = 'schemas';

/** The reference pages of every version of every API: the newest at the API's route, the others below it. */
export async function buildApiReference(
  apis: readonly LoadedApi[],
  options: ApiReferenceOptions,
): Promise<ApiReference> {
  const pages: ApiPage[] = [];
  const files = new Map<string, string>();
  const catalog = new Map<string, ServiceCatalog>();
  for (const loaded of apis) {
    const routeOf = (index: number): string =>
      index === 0 ? loaded.api.route : `${loaded.api.route}${loaded.versions[index]?.version}/`;
    const versions = loaded.versions.map((v, i) => ({ version: v.version, route: routeOf(i) }));
    const changelogRoute = `${loaded.api.route}${CHANGELOG_SLUG}/`;
    const anchors: VersionAnchors[] = [];
    let title = loaded.api.id;
    for (const [index, { version, contract }] of loaded.versions.entries()) {
      const route = routeOf(index);
      const prepared = await referenceDocument(contract);
      const cache = options.cache ?? BuildCache.disabled();
      const typescript = await TypeScriptSamples.open(
        cache,
        cache.key('typescript-samples', options.typesPackage, loaded.api.id, ...contract.sources.identity()),
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
        changelogHref: withBase(options.baseUrl, changelogRoute),
        typescript,
      });
      await typescript.save();
      pages.push(...built.pages);
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
      route: changelogRoute,
      title: model.heading,
      description: `What changed in each version of the ${title}, breaking changes first.`,
      model,
      anchors: new Set(model.entries.map((e) => versionAnchor(e.version))),
    });
  }
  return { pages, files, catalog };
}

interface VersionInput extends ApiReferenceOptions {
  apiId: string;
  title: string | undefined;
  version: string;
  route: string;
  versions: ApiReferenceModel['versions'];
  changelogHref: string;
  typescript: TypeScriptSamples;
}

interface VersionPages {
  pages: ApiPage[];
  catalog: ServiceCatalog;
  /** Where each operation and named schema is rendered, for the changelog's links. */
  anchors: Pick<VersionAnchors, 'operations' | 'schemas'>;
}

function versionPages(document: Record<string, unknown>, input: VersionInput): VersionPages {
  const info = asRecord(document.info);
  const title = input.title ?? (asString(info.title) || input.apiId);
  const resolver = new RefResolver(document);
  const text = new Descriptions();
  const groups = groupOperations(document, resolver, new Set(LAYOUT_IDS));
  const operationCount = groups.reduce((n, g) => n + g.operations.length, 0);
  const split = operationCount > input.splitAbove;
  const base = input.baseUrl;
  const href = (route: string): string => withBase(base, route);

  // Where every tag's operations are rendered: one page, or a page per tag below the overview.
  const tagRoutes = new Map<TagGroup, string>();
  const taken = new Set([MODELS_SLUG, CHANGELOG_SLUG]);
  for (const group of groups) {
    if (!split) tagRoutes.set(group, input.route);
    else {
      let slug = slugify(group.name);
      for (let n = 2; taken.has(slug); n++) slug = `${slugify(group.name)}-${n}`;
      taken.add(slug);
      tagRoutes.set(group, `${input.route}${slug}/`);
    }
  }
  const pager = new ModelPager(`${input.route}${MODELS_SLUG}/`);
  const registry = new SchemaRegistry(
    resolver,
    (name, schema) => (split ? pager.place(name, schema) : input.route),
    href,
  );
  const pageOf = (group: TagGroup): string => href(tagRoutes.get(group) as string);
  const operationHrefs = new Map<string, string>();
  for (const group of groups)
    for (const op of group.operations)
      operationHrefs.set(asString(op.operation.operationId) || op.id, `${pageOf(group)}#${op.id}`);

  const context: OperationContext = {
    registry,
    text,
    resolver,
    defaultSecurity: document.security,
    operationHref: (id) => operationHrefs.get(id),
  };
  const module = `${input.typesPackage}/${input.apiId}`;
  const wantedSamples = input.typed.has(input.apiId)
    ? input.codeSamples
    : input.codeSamples.filter((kind) => kind !== 'typescript');
  const sections: Array<{ group: TagGroup; section: TagSectionModel }> = groups.map((group) => ({
    group,
    section: {
      name: group.name,
      anchor: group.anchor,
      description: text.render(group.description),
      operations: group.operations.map((source) => {
        const model = operationModel(source, context);
        if (source.kind === 'operation')
          model.samples = samples(source, document, resolver, module, wantedSamples, input.typescript);
        return model;
      }),
    },
  }));
  // Named schemas are built last: operations and schemas may discover more ref targets on the way,
  // so `registry.others` grows while this loop runs.
  const models: SchemaSectionModel[] = [];
  const modelPages = new Map<string, SchemaSectionModel[]>();
  const catalogSchemas = new Map<string, { href: string; schema: SchemaSectionModel['schema'] }>();
  const addModel = (named: NamedSchema, component: boolean): void => {
    const section = { name: named.name, anchor: named.anchor, schema: namedSchemaModel(named, context) };
    if (component) catalogSchemas.set(named.name, { href: registry.href(named), schema: section.schema });
    models.push(section);
    const list = modelPages.get(named.page) ?? [];
    list.push(section);
    modelPages.set(named.page, list);
  };
  for (const named of registry.components) addModel(named, true);
  for (let i = 0; i < registry.others.length; i++) addModel(registry.others[i] as NamedSchema, false);
  const catalogOperations = new Map<string, OperationCardModel>();
  for (const { group, section } of sections) {
    for (const [i, source] of group.operations.entries()) {
      const operationId = asString(source.operation.operationId);
      const op = section.operations[i];
      if (source.kind === 'operation' && operationId && op)
        catalogOperations.set(operationId, {
          href: `${pageOf(group)}#${op.id}`,
          method: op.method,
          path: op.path,
          summary: op.summary,
          deprecated: op.deprecated,
          roles: op.roles,
        });
    }
  }
  const catalog: ServiceCatalog = {
    title,
    href: href(input.route),
    schemas: catalogSchemas,
    operations: catalogOperations,
  };
  const anchors: VersionPages['anchors'] = {
    operations: new Map(
      groups.flatMap((group) =>
        group.operations
          .filter((op) => op.kind === 'operation')
          .map((op) => [operationKey(op.method, op.path), `${pageOf(group)}#${op.id}`] as const),
      ),
    ),
    schemas: new Map([...catalogSchemas].map(([name, entry]) => [name, entry.href])),
  };
  const modelRoutes = [...modelPages.keys()].sort(compareRoutes);
  const nav = (current: string | undefined): ApiNavModel => ({
    overviewHref: href(input.route),
    groups: sections.map(({ group, section }) => ({
      name: section.name,
      href: `${pageOf(group)}#${section.anchor}`,
      // A split API lists a tag's operations only on that tag's page, so the pages stay linear in size.
      operations:
        !split || tagRoutes.get(group) === current
          ? section.operations.map((op) => navEntry(op, `${pageOf(group)}#${op.id}`))
          : [],
    })),
    modelsHref: modelRoutes[0] === undefined ? undefined : `${href(modelRoutes[0])}#models`,
    modelPages: split
      ? modelRoutes.map((route) => ({
          label: pageLabel(route),
          href: `${href(route)}#models`,
          current: route === current,
        }))
      : [],
  });
  const roles = rolesIndex(
    sections.flatMap(({ group, section }) =>
      section.operations.map((op) => ({ op, href: `${pageOf(group)}#${op.id}` })),
    ),
  );
  const common = {
    title,
    heading: title,
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
  } satisfies Omit<ApiReferenceModel, 'kind' | 'nav'>;
  const overview = {
    description: text.render(info.description),
    servers: servers(document, text),
    securitySchemes: securitySchemes(document, resolver, text),
    roles,
  };
  const summary = firstSentence(asString(info.description)) || `Reference of the ${title}.`;
  const anchorsOf = (model: ApiReferenceModel): Set<string> =>
    new Set([
      ...LAYOUT_IDS.filter((id) => id.startsWith('api-') || id === 'models'),
      ...model.sections.flatMap((s) => [s.anchor, ...s.operations.map((o) => o.id)]),
      ...model.models.map((m) => m.anchor),
      ...model.moved.map((m) => m.id),
    ]);
  const page = (route: string, pageTitle: string, model: ApiReferenceModel): ApiPage => ({
    apiId: input.apiId,
    route,
    title: pageTitle,
    description: summary,
    model,
    anchors: anchorsOf(model),
  });

  if (!split) {
    return {
      pages: [
        page(input.route, title, {
          ...common,
          ...overview,
          kind: 'full',
          nav: nav(input.route),
          sections: sections.map((s) => s.section),
          models,
        }),
      ],
      catalog,
      anchors,
    };
  }
  const moved = sections.flatMap(({ group, section }) =>
    section.operations.map((op) => ({ id: op.id, href: `${pageOf(group)}#${op.id}`, label: endpointLabel(op) })),
  );
  const result = [page(input.route, title, { ...common, ...overview, kind: 'overview', nav: nav(undefined), moved })];
  for (const { group, section } of sections) {
    const route = tagRoutes.get(group) as string;
    result.push(
      page(route, `${section.name} · ${title}`, {
        ...common,
        kind: 'tag',
        heading: `${section.name} · ${title}`,
        nav: nav(route),
        sections: [section],
      }),
    );
  }
  for (const route of modelRoutes) {
    const heading = `Models ${pageLabel(route)} · ${title}`;
    // The first page of an initial keeps the anchors of the schemas on its later pages, so a link to
    // `schemas/w/#schema-x` still works after more schemas push `x` onto `w-2/`.
    const later = pager.isFirst(route)
      ? modelRoutes.filter((r) => r !== route && pager.initialOf(r) === pager.initialOf(route))
      : [];
    const moved = later.flatMap((r) =>
      (modelPages.get(r) ?? []).map((m) => ({ id: m.anchor, href: `${href(r)}#${m.anchor}`, label: m.name })),
    );
    result.push(
      page(route, heading, {
        ...common,
        kind: 'models',
        heading,
        nav: nav(route),
        models: modelPages.get(route) ?? [],
        moved,
      }),
    );
  }
  return { pages: result, catalog, anchors };
}

function samples(
  source: Parameters<typeof requestPlan>[0],
  document: Record<string, unknown>,
  resolver: RefResolver,
  module: string,
  wanted: ReadonlyArray<'curl' | 'typescript'>,
  typescript: TypeScriptSamples,
): OperationModel['samples'] {
  const plan = requestPlan(source, document, resolver);
  return wanted.map((kind) =>
    kind === 'curl'
      ? { label: 'curl', language: 'shell', code: curlSample(plan) }
      : { label: 'TypeScript', language: 'typescript', code: typescript.sample(plan, module) },
  );
}

function navEntry(op: OperationModel, href: string): ApiNavModel['groups'][number]['operations'][number] {
  return {
    id: op.id,
    href,
    method: op.method,
    label: op.summary || op.path.map((p) => p.text).join(''),
    deprecated: op.deprecated,
  };
}

function endpointLabel(op: OperationModel): string {
  return `${op.method.toUpperCase()} ${op.path.map((p) => p.text).join('')}`;
}

function rolesIndex(entries: Array<{ op: OperationModel; href: string }>): ApiReferenceModel['roles'] {
  const byRole = new Map<string, Array<{ label: string; href: string }>>();
  for (const { op, href } of entries) {
    for (const role of op.roles) {
      const list = byRole.get(role) ?? [];
      list.push({ label: endpointLabel(op), href });
      byRole.set(role, list);
    }
  }
  return [...byRole.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([role, operations]) => ({ role, operations }));
}

/** `schemas/w-2/` → `W (2)`; `schemas/other/` → `Other`. */
function pageLabel(route: string): string {
  const [initial = '', n] = (route.split('/').at(-2) ?? '').split('-');
  const label = initial === 'other' ? 'Other' : initial.toUpperCase();
  return n ? `${label} (${n})` : label;
}

/** Pages in reading order: by initial, then `w/` before `w-2/` before `w-10/`. */
function compareRoutes(a: string, b: string): number {
  const key = (route: string): [string, number] => {
    const [initial = '', n = '1'] = (route.split('/').at(-2) ?? '').split('-');
    return [initial, Number(n)];
  };
  const [x, i] = key(a);
  const [y, j] = key(b);
  return x < y ? -1 : x > y ? 1 : i - j;
}

function firstSentence(text: string): string {
  const plain = text
    .replace(/[`*_[\]#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = plain.search(/[.!?](\s|$)/);
  return (end === -1 ? plain : plain.slice(0, end + 1)).slice(0, 200);
}
