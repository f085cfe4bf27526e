import type { ApiNavModel, ApiReferenceModel } from '../../../templates/api/model.js';
import type { ChangelogModel } from '../../../templates/api/changelog-model.js';
import { LAYOUT_IDS, pageLabel, type PlacedSection, type VersionLayout } from './layout.js';
import { endpointLabel } from './nav.js';
import type { SchemaSections } from './schema-sections.js';
import { lazyParts, type LazyPart } from './lazy-parts.js';
import type { PageBudget } from './page-budget.js';

export interface ApiPage {
  apiId: string;
  route: string;
  /** Title for `<title>`. */
  title: string;
  /** The API's own title, as the switcher between references lists it. */
  apiTitle: string;
  description: string;
  model: ApiReferenceModel | ChangelogModel;
  anchors: Set<string>;
  /** Its sections sent as stubs, each with the fragment file of its body (none on a light page). */
  parts: LazyPart[];
}

/** What every page of one version shows, and the parts of the reference that are laid out on its pages. */
export interface VersionParts {
  apiId: string;
  /** The reference's title, in every page's `<title>` and heading (`referenceTitle`). */
  title: string;
  /** The `<meta>` description of every page. */
  summary: string;
  common: Omit<ApiReferenceModel, 'kind' | 'nav'>;
  /** What only the overview (or the one page) shows. */
  overview: Pick<ApiReferenceModel, 'description' | 'servers' | 'securitySchemes' | 'roles'>;
  layout: VersionLayout;
  sections: readonly PlacedSection[];
  schemas: SchemaSections;
  nav: (current: string | undefined) => ApiNavModel;
  /** What one page may weigh at load: past it, the sections below the fold are stubs. */
  budget: PageBudget;
}

/**
 * The title of an API's reference pages: the API's title with "reference", so that a docs page
 * about the same API (its guide) does not share the reference's title.
 */
export function referenceTitle(apiTitle: string): string {
  return /\breference$/i.test(apiTitle) ? apiTitle : `${apiTitle} reference`;
}

/** The pages of one version: everything on one page, or an overview, a page per tag and the models pages. */
export function referencePages(parts: VersionParts): ApiPage[] {
  const { common, overview, layout, sections, schemas, nav } = parts;
  const page = pageOf(parts);
  if (!layout.split) {
    const full = sections.map((s) => s.section);
    return [
      page(layout.route, parts.title, {
        ...common,
        ...overview,
        kind: 'full',
        nav: nav(layout.route),
        sections: full,
        models: schemas.all,
      }),
    ];
  }
  const moved = sections.flatMap(({ group, section }) =>
    section.operations.map((op) => ({ id: op.id, href: `${layout.pageOf(group)}#${op.id}`, label: endpointLabel(op) })),
  );
  const result = [
    page(layout.route, parts.title, { ...common, ...overview, kind: 'overview', nav: nav(undefined), moved }),
  ];
  sections.forEach(({ group, section }, index) => {
    const route = layout.tagRoute(group);
    const heading = `${section.name} · ${parts.title}`;
    const moved = group.part === undefined ? movedParts(parts, index) : [];
    result.push(page(route, heading, { ...common, kind: 'tag', heading, nav: nav(route), sections: [section], moved }));
  });
  for (const route of schemas.routes) {
    const heading = `Models ${pageLabel(route)} · ${parts.title}`;
    const models = schemas.byPage.get(route) ?? [];
    result.push(
      page(route, heading, {
        ...common,
        kind: 'models',
        heading,
        nav: nav(route),
        models,
        moved: movedModels(parts, route),
      }),
    );
  }
  return result;
}

/**
 * The first page of a tag keeps the anchors of the operations on its later parts, so a link to
 * `repos/#op` still works after more operations push `op` onto `repos-2/`.
 */
function movedParts({ layout, sections }: VersionParts, first: number): ApiReferenceModel['moved'] {
  const moved: ApiReferenceModel['moved'] = [];
  for (const { group, section } of sections.slice(first + 1)) {
    if (group.part === undefined) break;
    for (const op of section.operations)
      moved.push({ id: op.id, href: `${layout.pageOf(group)}#${op.id}`, label: endpointLabel(op) });
  }
  return moved;
}

/**
 * The first page of an initial keeps the anchors of the schemas on its later pages, so a link to
 * `schemas/w/#schema-x` still works after more schemas push `x` onto `w-2/`.
 */
function movedModels({ layout, schemas }: VersionParts, route: string): ApiReferenceModel['moved'] {
  const { pager, href } = layout;
  const later = pager.isFirst(route)
    ? schemas.routes.filter((r) => r !== route && pager.initialOf(r) === pager.initialOf(route))
    : [];
  return later.flatMap((r) =>
    (schemas.byPage.get(r) ?? []).map((m) => ({ id: m.anchor, href: `${href(r)}#${m.anchor}`, label: m.name })),
  );
}

function pageOf({
  apiId,
  summary,
  common,
  layout,
  budget,
}: VersionParts): (route: string, title: string, model: ApiReferenceModel) => ApiPage {
  return (route, title, model) => {
    const parts = lazyParts(model, layout.route, budget);
    return {
      apiId,
      route,
      title,
      apiTitle: common.title,
      description: summary,
      model: parts.length > 0 ? { ...model, lazy: new Map(parts.map((p) => [p.anchor, layout.href(p.path)])) } : model,
      anchors: anchorsOf(model),
      parts,
    };
  };
}

/** The ids a reference page holds, for the link checker. */
function anchorsOf(model: ApiReferenceModel): Set<string> {
  return new Set([
    ...LAYOUT_IDS.filter((id) => id.startsWith('api-') || id === 'models'),
    ...model.sections.flatMap((s) => [s.anchor, ...s.operations.map((o) => o.id)]),
    ...model.models.map((m) => m.anchor),
    ...model.moved.map((m) => m.id),
  ]);
}
