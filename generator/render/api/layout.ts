import { slugify } from '../../config/resolve.js';
import { RESERVED_IDS } from '../../../templates/site-ids.js';
import { uniqueSlug } from '../../sources/unique-slug.js';
import { withBase } from '../../content/plugins/urls.js';
import type { TagSectionModel } from '../../../templates/api/model.js';
import { CHANGELOG_SLUG } from './version-routes.js';
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

/** Where each part of one version is rendered: one page, or an overview with a page per tag (or sub-resource) and the models index. */
export interface VersionLayout {
  split: boolean;
  /** The version's own route (its overview when split). */
  route: string;
  href(route: string): string;
  /** The route of the page a tag's operations are on. */
  tagRoute(group: TagGroup): string;
  /** The link to the page a tag's operations are on. */
  pageOf(group: TagGroup): string;
  /** The route of the page that holds every named schema: the version's own, or its models index when split. */
  modelsRoute: string;
}

export function versionLayout(
  groups: readonly TagGroup[],
  route: string,
  split: boolean,
  baseUrl: string,
): VersionLayout {
  const href = (to: string): string => withBase(baseUrl, to);
  const tagRoutes = tagRoutesOf(groups, route, split);
  return {
    split,
    route,
    href,
    tagRoute: (group) => tagRoutes.get(group) as string,
    pageOf: (group) => href(tagRoutes.get(group) as string),
    modelsRoute: split ? `${route}${MODELS_SLUG}/` : route,
  };
}

/**
 * Where every tag's operations are rendered: one page, or a page per tag (or sub-resource) below the
 * overview, its slug made from its name, which `divideLarge` keeps unique.
 */
function tagRoutesOf(groups: readonly TagGroup[], route: string, split: boolean): Map<TagGroup, string> {
  const tagRoutes = new Map<TagGroup, string>();
  const taken = new Set([MODELS_SLUG, CHANGELOG_SLUG]);
  for (const group of groups)
    tagRoutes.set(group, split ? `${route}${uniqueSlug(slugify(group.name), taken)}/` : route);
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
