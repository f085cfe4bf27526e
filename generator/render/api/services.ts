import type { ResolvedConfig } from '../../config/resolve.js';
import { withBase } from '../../content/plugins/urls.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import { locatedAt } from '../../sources/zod-issues.js';
import type { ApiLinksModel } from '../../../templates/api/model.js';

/** The guide an API gets without a `guide` in the config, when the docs have a page there. */
export function defaultGuideRoute(apiId: string): string {
  return `/docs/api/api-${apiId}/`;
}

/**
 * What each reference links to besides itself: the site's other references (the service switcher)
 * and its guide. A configured guide must be a docs page; the default one is used only when it is.
 */
export function apiLinks(
  config: Pick<ResolvedConfig, 'apis' | 'baseUrl'>,
  source: SourceFile,
  docRoutes: ReadonlySet<string>,
  apiPages: ReadonlyArray<{ apiId: string; route: string; apiTitle: string }>,
): { linksOf: (apiId: string) => ApiLinksModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const titles = new Map(apiPages.map((p) => [p.route, p.apiTitle]));
  const services = config.apis
    .filter((api) => titles.has(api.route))
    .map((api) => ({ id: api.id, title: titles.get(api.route) ?? api.id, href: withBase(config.baseUrl, api.route) }));
  const guides = new Map<string, string>();
  for (const api of config.apis) {
    if (api.guide === false) continue;
    const route = api.guide ?? defaultGuideRoute(api.id);
    if (docRoutes.has(route)) guides.set(api.id, withBase(config.baseUrl, route));
    else if (api.guide !== undefined)
      diagnostics.push(
        locatedAt(
          source,
          ['apis', api.index, 'guide'],
          'api-guide',
          `the guide of the ${api.id} API, ${route}, is not a docs page (write the route of one, or false for none)`,
        ),
      );
  }
  return {
    linksOf: (apiId) => ({
      services: services.map((s) => ({ ...s, current: s.id === apiId })),
      guideHref: guides.get(apiId),
    }),
    diagnostics,
  };
}
