import { slugify } from '../../config/resolve.js';
import { RESERVED_IDS } from '../../../templates/site-ids.js';
import { uniqueSlug } from '../../sources/unique-slug.js';
import { withBase } from '../../content/plugins/urls.js';
import type { TagSectionModel } from '../../../templates/api/model.js';
import { CHANGELOG_SLUG } from './version-routes.js';
import { ModelPager } from './model-pager.js';
import { modelPageNodes, type PageBudget } from './page-budget.js';
import type { TagGroup } from './operations.js';
import { asString } from './resolver.js';

/** Ids the page layout itself uses; an operation or tag never takes one. */
export const LAYOUT_IDS = [
  ...RESERVED_IDS,
  'api-overview',
  'api-servers',
  'api-authentication',
  'api-roles',
  'api-downloads',
  'models',
  'api-moved',
];
const MODELS_SLUG = 'schemas';

/** A tag's operations as rendered, beside the group they came from. */
export interface PlacedSection {
  group: TagGroup;
  section: TagSectionModel;
}

/** Where each part of one version is rendered: one page, or an overview with a page per tag (or part of a tag) and per models initial. */
export interface VersionLayout {
  split: boolean;
  /** The version's own route (its overview when split). */
  route: string;
  href(route: string): string;
  /** The route of the page a tag's operations are on. */
  tagRoute(group: TagGroup): string;
  /** The link to the page a tag's operations are on. */
  pageOf(group: TagGroup): string;
  /** Places the named schemas of a split version on the models pages. */
  pager: ModelPager;
}

export function versionLayout(
  groups: readonly TagGroup[],
  route: string,
  split: boolean,
  baseUrl: string,
  budget: PageBudget,
): VersionLayout {
  const href = (to: string): string => withBase(baseUrl, to);
  const tagRoutes = tagRoutesOf(groups, route, split);
  return {
    split,
    route,
    href,
    tagRoute: (group) => tagRoutes.get(group) as string,
    pageOf: (group) => href(tagRoutes.get(group) as string),
    pager: new ModelPager(`${route}${MODELS_SLUG}/`, modelPageNodes(budget)),
  };
}

/**
 * Where every tag's operations are rendered: one page, or a page per tag below the overview; the
 * later parts of a tag follow its page as `repos-2/`, `repos-3/`… (parts come right after their first).
 */
function tagRoutesOf(groups: readonly TagGroup[], route: string, split: boolean): Map<TagGroup, string> {
  const tagRoutes = new Map<TagGroup, string>();
  const taken = new Set([MODELS_SLUG, CHANGELOG_SLUG]);
  let first = '';
  for (const group of groups) {
    if (!split) {
      tagRoutes.set(group, route);
      continue;
    }
    const slug = uniqueSlug(group.part === undefined ? slugify(group.name) : `${first}-${group.part}`, taken);
    if (group.part === undefined) first = slug;
    tagRoutes.set(group, `${route}${slug}/`);
  }
  return tagRoutes;
}

/** Each operation's link by its operationId (or anchor), for the links between operations. */
export function operationHrefs(groups: readonly TagGroup[], layout: VersionLayout): Map<string, string> {
  const hrefs = new Map<string, string>();
  for (const group of groups)
    for (const op of group.operations)
      hrefs.set(asString(op.operation.operationId) || op.id, `${layout.pageOf(group)}#${op.id}`);
  return hrefs;
}

/** `schemas/w-2/` → `W (2)`; `schemas/other/` → `Other`. */
export function pageLabel(route: string): string {
  const [initial = '', n] = (route.split('/').at(-2) ?? '').split('-');
  const label = initial === 'other' ? 'Other' : initial.toUpperCase();
  return n ? `${label} (${n})` : label;
}

/** Pages in reading order: by initial, then `w/` before `w-2/` before `w-10/`. */
export function compareRoutes(a: string, b: string): number {
  const key = (route: string): [string, number] => {
    const [initial = '', n = '1'] = (route.split('/').at(-2) ?? '').split('-');
    return [initial, Number(n)];
  };
  const [x, i] = key(a);
  const [y, j] = key(b);
  return x < y ? -1 : x > y ? 1 : i - j;
}
