import { toXml } from 'xast-util-to-xml';
import { x } from 'xastscript';
import { BuildCache } from '../cache/store.js';
import type { Favicon } from '../config/favicon.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { withBase } from '../content/plugins/urls.js';
import { stepKey } from '../cache/step-key.js';

/** `sitemap.xml` of the given routes (without base URL), sorted, absolute URLs. */
export function sitemap(config: ResolvedConfig, routes: readonly string[]): string {
  const urls = [...routes]
    .sort()
    .map((route) => x('url', [x('loc', new URL(withBase(config.baseUrl, route), config.url).href)]));
  return (
    toXml([
      { type: 'instruction', name: 'xml', value: 'version="1.0" encoding="UTF-8"' },
      x('urlset', { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' }, urls),
    ]) + '\n'
  );
}

export function robots(config: ResolvedConfig): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Sitemap: ${new URL(withBase(config.baseUrl, '/sitemap.xml'), config.url).href}`,
    '',
  ].join('\n');
}

/**
 * The configured favicon (read and checked with the config: `config/favicon.ts`), or a generated one:
 * the brand's initial on the primary colour.
 */
export async function favicon(config: ResolvedConfig, cache: BuildCache = BuildCache.disabled()): Promise<Favicon> {
  if (config.faviconFile) return config.faviconFile;
  const initial = config.brand.name.charAt(0).toUpperCase();
  const color = config.apiPages.primaryColor;
  // Kept like a page's HTML: a build whose pages all come from the cache then loads no React for it.
  const key = stepKey(cache, 'favicon', { color, initial });
  const cached = await cache.get<string>('html', key);
  if (typeof cached === 'string') return { path: 'favicon.svg', type: 'image/svg+xml', bytes: cached };
  // React renders the generated icon; loaded here, since most builds of a configured site need neither.
  const [{ createElement }, { renderToStaticMarkup }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
  ]);
  const svg = createElement(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 32 32' },
    createElement('rect', { width: 32, height: 32, rx: 6, fill: color }),
    createElement(
      'text',
      {
        x: 16,
        y: 22,
        fontSize: 18,
        fontFamily: 'system-ui, sans-serif',
        fontWeight: 700,
        textAnchor: 'middle',
        fill: '#ffffff',
      },
      initial,
    ),
  );
  const bytes = renderToStaticMarkup(svg);
  await cache.set('html', key, bytes);
  return { path: 'favicon.svg', type: 'image/svg+xml', bytes };
}
