import { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { locatedAt } from '../sources/zod-issues.js';
import { isExternalUrl, withBase } from '../content/plugins/urls.js';
import { unknownNavbarDoc } from '../content/navbar-docs.js';
import type { LinkModel, NavItemModel } from '../../templates/model.js';
import { localeName } from '../../templates/navbar/items/LocaleDropdownItem.js';
import { stepKey } from '../cache/step-key.js';

export interface NavbarTargets {
  /** Doc id → route. */
  docRoutes: ReadonlyMap<string, string>;
  /** Docs whose front matter failed: the item's doc exists, and its own error stops the build. */
  unreadDocIds?: readonly string[];
  /** Route of the first page of the docs sidebar, if it has any. */
  firstSidebarRoute: string | undefined;
}

/**
 * Turns the configured navbar items into what the templates draw. An item that cannot be
 * rendered (a doc that does not exist, a docs-sidebar link with no page to go to) is a configuration
 * error at the item; each item is also rendered once here so that a failure surfaces as such an
 * error rather than as a crash in the middle of page rendering.
 */
export async function resolveNavbar(
  config: ResolvedConfig,
  source: SourceFile,
  targets: NavbarTargets,
  cache: BuildCache = BuildCache.disabled(),
): Promise<{ items: NavItemModel[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const items: NavItemModel[] = [];
  const base = config.baseUrl;
  for (const [index, item] of config.navbar.items.entries()) {
    const at = ['navbar', 'items', index];
    let model: NavItemModel | undefined;
    switch (item.type) {
      case 'docSidebar':
        if (targets.firstSidebarRoute === undefined)
          diagnostics.push(
            locatedAt(
              source,
              at,
              'navbar-item',
              `navbar item "${item.label}" (docSidebar) has no target: the docs sidebar has no pages`,
            ),
          );
        else
          model = {
            type: 'link',
            label: item.label,
            href: withBase(base, targets.firstSidebarRoute),
            external: false,
            position: item.position,
            activePrefix: '/docs/',
          };
        break;
      case 'doc': {
        const route = targets.docRoutes.get(item.docId);
        if (route === undefined && targets.unreadDocIds?.includes(item.docId)) break;
        if (route === undefined)
          diagnostics.push(
            locatedAt(source, [...at, 'docId'], 'navbar-item', unknownNavbarDoc(item, targets.docRoutes.keys())),
          );
        else
          model = {
            type: 'link',
            label: item.label,
            href: withBase(base, route),
            external: false,
            position: item.position,
            activePrefix: route,
          };
        break;
      }
      case 'link': {
        const link = toLinkModel(base, { label: item.label, to: item.to, href: item.href });
        model = { type: 'link', ...link, position: item.position, activePrefix: link.external ? undefined : item.to };
        break;
      }
      case 'dropdown':
        model = {
          type: 'dropdown',
          label: item.label,
          items: item.items.map((i) => toLinkModel(base, i)),
          position: item.position,
        };
        break;
      case 'localeDropdown':
        model = {
          type: 'localeDropdown',
          current: config.i18n.defaultLocale,
          locales: config.i18n.locales.map((code) => ({
            code,
            label: localeName(code),
            href: withBase(base, code === config.i18n.defaultLocale ? '/' : `/${code}/`),
          })),
          position: item.position,
        };
        break;
      case 'iconLink':
        model = { type: 'iconLink', icon: item.icon, label: item.label, href: item.href, position: item.position };
        break;
    }
    if (!model) continue;
    // An item that rendered once renders again (same model, same templates): the cache remembers which did.
    const key = stepKey(cache, 'navbar-item', { model: JSON.stringify(model) });
    if (await cache.get<true>('navbar', key)) {
      items.push(model);
      continue;
    }
    try {
      const [{ createElement }, { renderToStaticMarkup }, { NavbarItem }] = await Promise.all([
        import('react'),
        import('react-dom/server'),
        import('../../templates/navbar/items/index.js'),
      ]);
      renderToStaticMarkup(createElement(NavbarItem, { item: model, currentRoute: '/' }));
      items.push(model);
      await cache.set('navbar', key, true);
    } catch (error) {
      diagnostics.push(
        locatedAt(
          source,
          at,
          'navbar-item',
          `navbar item ${index + 1} failed to render: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }
  return { items, diagnostics };
}

export function toLinkModel(
  baseUrl: string,
  link: { label: string; to?: string | undefined; href?: string | undefined },
): LinkModel {
  if (link.href !== undefined) return { label: link.label, href: link.href, external: isExternalUrl(link.href) };
  return { label: link.label, href: withBase(baseUrl, link.to ?? '/'), external: false };
}
