import type { ApiNavModel, ApiReferenceModel } from '../../../templates/api/model.js';
import type { ChangelogModel } from '../../../templates/api/changelog-model.js';
import { LAYOUT_IDS, type PlacedSection, type VersionLayout } from './layout.js';
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

/** The pages of one version: everything on one page, or an overview, a page per tag (or sub-resource) and the models index. */
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
  for (const { group, section } of sections) {
    const route = layout.tagRoute(group);
    const heading = `${section.name} · ${parts.title}`;
    const moved = group.subOf === undefined ? movedToSubResources(parts, group.anchor) : [];
    result.push(page(route, heading, { ...common, kind: 'tag', heading, nav: nav(route), sections: [section], moved }));
  }
  if (schemas.all.length > 0) {
    const heading = `Models · ${parts.title}`;
    const route = layout.modelsRoute;
    result.push(page(route, heading, { ...common, kind: 'models', heading, nav: nav(route), models: schemas.all }));
  }
  return result;
}

/**
 * The first page of a divided tag keeps the anchors of the operations on its sub-resources'
 * pages, so a link to `repos/#op` still works after `op` moved to `repo-branches/`.
 */
function movedToSubResources({ layout, sections }: VersionParts, anchor: string): ApiReferenceModel['moved'] {
  return sections
    .filter(({ group }) => group.subOf === anchor)
    .flatMap(({ group, section }) =>
      section.operations.map((op) => ({
        id: op.id,
        href: `${layout.pageOf(group)}#${op.id}`,
        label: endpointLabel(op),
      })),
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
