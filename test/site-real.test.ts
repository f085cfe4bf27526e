import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { BuildResult } from '../generator/commands/build.js';
import { loadConfig } from '../generator/config/load.js';
import { Page, textOf } from './html.js';
import { buildRealSite, contentFiles, pageReader, SERVICES, SITE_TITLE, type SpecRoutes } from './site-real-helpers.js';

let out: string;
let result: BuildResult;
let routes: SpecRoutes;
const page = pageReader(() => out);

/** The pages below each reference route that its navigation links to. */
async function referenceParts(site: string, apiRoutes: readonly string[]): Promise<string[]> {
  const parts = new Set<string>();
  for (const route of apiRoutes.filter((r) => !r.endsWith('/changelog/'))) {
    const nav = await Page.read(join(site, 'site', route.slice(1), 'index.html'));
    for (const { href } of nav.links('.api-nav')) {
      const path = href.split('#')[0] ?? '';
      if (path.startsWith(route) && path !== route) parts.add(path);
    }
  }
  return [...parts];
}

describe('the real site, built from site-config.yaml, route by route against its expected routes', () => {
  before(async () => {
    ({ out, result, routes } = await buildRealSite());
    // A reference too large for one page (issue 26) also has a page per tag (part) and per models
    // initial: the routes its own navigation links to, beside the expected ones.
    routes = { ...routes, api: [...routes.api, ...(await referenceParts(out, routes.api))] };
  });

  test('builds with zero errors and zero warnings', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.ok(result.report);
  });

  test('every expected route is a folder with index.html, and nothing else is a page', () => {
    const expected = [...routes.standalone, ...routes.api, ...routes.docs.map((d) => d.route)].sort();
    for (const route of expected)
      assert.ok(existsSync(join(out, 'site', route.slice(1), 'index.html')), `missing ${route}`);
    // The fragments of long reference pages are files of their page (api-lazy-parts.test.ts), and the
    // redirects of the second edition's routes stand for pages that moved (browser-reference-routes.test.ts).
    const built = (result.report?.pages ?? [])
      .filter((p) => !['not-found', 'api-part', 'api-redirect'].includes(p.kind))
      .map((p) => p.route);
    assert.deepEqual(built, expected);
  });

  test('titles read "Page title | Site title" and match the h1; meta description, canonical URL and Open Graph tags', async () => {
    for (const route of [...routes.standalone, ...routes.api, ...routes.docs.map((d) => d.route)]) {
      const p = await page(route);
      const title = p.text('title');
      const h1 = p.text('main h1');
      assert.ok(h1, `${route}: no h1`);
      assert.equal(title, route === '/' ? SITE_TITLE : `${h1} | ${SITE_TITLE}`, route);
      assert.equal(p.attr('html', 'lang'), 'en');
      assert.ok((p.attr('meta[name="description"]', 'content') ?? '').length > 20, `${route}: meta description`);
      assert.equal(p.attr('link[rel="canonical"]', 'href'), `https://www.openk9.io${route}`);
      assert.equal(p.attr('meta[property="og:title"]', 'content'), title);
      assert.equal(p.attr('meta[property="og:url"]', 'content'), `https://www.openk9.io${route}`);
    }
    assert.equal((await page('/')).text('.hero-tagline'), 'Search. Everywhere. Intelligently.');
    assert.equal((await page('/plugins/')).text('main h1'), 'Connectors');
    assert.equal((await page('/privacy/')).text('main h1'), 'Privacy Policy');
    assert.equal((await page('/roadmap/')).text('main h1'), 'Roadmap');
    assert.equal((await page('/docs/')).text('main h1'), 'Introduction');
  });

  test('the expected navbar on every page', async () => {
    for (const route of [...routes.standalone, ...routes.api, ...routes.docs.map((d) => d.route)]) {
      const p = await page(route);
      const left = p.links('.navbar-items-left').map((l) => [l.text, l.href]);
      assert.deepEqual(
        left.slice(0, 4),
        [
          ['Docs', '/docs/'],
          ['Architecture', '/docs/architecture/'],
          ['Connectors', '/plugins/'],
          ['Roadmap', '/roadmap/'],
        ],
        route,
      );
      const blog = p.links('.navbar-items-left')[4];
      assert.ok(
        blog && blog.text.startsWith('Blog') && /^https:\/\//.test(blog.href) && blog.target === '_blank',
        `${route}: Blog is external`,
      );
      const icons = p.links('.navbar-items-right').filter((l) => l.label !== undefined && /^https:/.test(l.href));
      assert.deepEqual(icons.map((l) => l.href).sort(), [
        'https://github.com/smclab/openk9',
        'https://www.linkedin.com/company/smc-treviso/',
      ]);
      assert.ok(
        icons.every((l) => (l.label ?? '').length > 5),
        'icon links have accessible names',
      );
      assert.ok(p.one('.navbar button[data-color-mode-toggle]'), `${route}: colour-mode toggle`);
      assert.deepEqual(
        p.all('.locale-dropdown a').map((a) => a.properties.lang),
        ['en'],
      );
    }
  });

  test('the footer: three columns with exactly the expected links, copyright 2025, and the skip link first', async () => {
    for (const route of [...routes.standalone, ...routes.docs.map((d) => d.route)]) {
      const p = await page(route);
      assert.deepEqual(p.all('.footer-title').map(textOf), ['Company', 'Product', 'Community']);
      const [company, product, community] = p
        .all('.footer-column')
        .map((column) => new Page({ type: 'root', children: [column] }).links(''));
      assert.equal(company?.length, 5);
      assert.ok(company?.every((l) => l.target === '_blank' && l.href.startsWith('https://')));
      assert.deepEqual(
        product?.map((l) => [l.text, l.href]),
        [
          ['Docs', '/docs/'],
          ['Connectors', '/comingsoon/'],
        ],
      );
      assert.deepEqual(
        community?.map((l) => l.href),
        ['https://github.com/smclab/openk9', 'https://www.linkedin.com/company/smc-treviso/', '/privacy/'],
      );
      assert.equal(community?.[2]?.text, 'Privacy Policy');
      assert.match(p.text('.footer-copyright') ?? '', /^Copyright © 2025\b/);
      const focusable = p.all('body a[href], body button');
      assert.equal(focusable[0] && textOf(focusable[0]), 'Skip to main content', route);
      assert.equal(focusable[0]?.properties.href, '#main-content');
      assert.ok(p.one('#main-content'), `${route}: the skip link's target exists`);
    }
  });

  test('docs pages: one sidebar with the current page marked, breadcrumbs, a table of contents of h2–h3, previous/next', async () => {
    for (const { route, category } of routes.docs) {
      const p = await page(route);
      assert.equal(p.all('nav.docs-sidebar').length, 1);
      const current = p.all('nav.docs-sidebar a[aria-current="page"]');
      assert.deepEqual(
        current.map((a) => a.properties.href),
        [route],
        `${route}: the current page is marked once`,
      );
      const crumbs = p.all('nav.breadcrumbs li').map(textOf);
      assert.ok(crumbs.length >= 2, `${route}: breadcrumbs`);
      assert.equal(p.attr('nav.breadcrumbs [aria-current="page"]', 'ariaCurrent'), 'page');
      if (category) assert.equal(crumbs[1], category, `${route}: breadcrumb of the group`);
      const headings = p.all('article .markdown h2, article .markdown h3').map((h) => String(h.properties.id));
      const toc = p.all('.table-of-contents a').map((a) => String(a.properties.href).slice(1));
      assert.deepEqual(toc, headings, `${route}: the table of contents lists every h2 and h3, in order`);
      assert.ok(headings.length >= 2, `${route}: at least two sections`);
      assert.ok(p.all('.pagination-nav a').length >= 1, `${route}: previous/next`);
      assert.ok((p.text('article .markdown') ?? '').length > 600, `${route}: a real page, not a stub`);
    }
    const first = await page('/docs/');
    assert.equal(first.one('.pagination-previous'), undefined);
    assert.equal(first.attr('.pagination-next', 'href'), '/docs/architecture/');
  });

  test('every expected page is written: its own meta description, an introduction, two h2 sections, no placeholder text', async () => {
    const loaded = await loadConfig('site-config.yaml');
    assert.ok(loaded.ok);
    for (const route of [...routes.standalone, ...routes.docs.map((d) => d.route)]) {
      const p = await page(route);
      const description = p.attr('meta[name="description"]', 'content') ?? '';
      assert.ok(
        description.length >= 40 && description !== loaded.config.description,
        `${route}: a meta description of its own`,
      );
      const body = p.one('main .markdown');
      assert.ok(body, `${route}: no content`);
      // Document order: a paragraph of real text comes before the first h2.
      const order = new Page({ type: 'root', children: [body] })
        .all('p, h2')
        .map((e) => ({ tag: e.tagName, text: textOf(e) }));
      const firstH2 = order.findIndex((e) => e.tag === 'h2');
      assert.ok(
        firstH2 > 0 && order.slice(0, firstH2).some((e) => e.text.length >= 60),
        `${route}: an introduction before the first section`,
      );
      assert.ok(order.filter((e) => e.tag === 'h2').length >= 2, `${route}: at least two h2 sections`);
      // The coming-soon page may say what it is for; no other page may.
      const text = textOf(body);
      const placeholder =
        /\b(TODO|TBD|FIXME|lorem ipsum|to be written|under construction|work in progress)\b/i.exec(text) ??
        (route === '/comingsoon/' ? null : /\b(coming soon|being written)\b/i.exec(text));
      assert.equal(placeholder, null, `${route}: placeholder text "${placeholder?.[0]}"`);
    }
  });

  test('pages draw from the contracts: the /docs/api/ pages show operations and schemas, and JSON examples are checked', async () => {
    for (const service of SERVICES) {
      const p = await page(`/docs/api/api-${service}/`);
      const cards = p
        .all('.contract-operation .contract-operation-link, a.contract-operation-inline')
        .map((a) => String(a.properties.href));
      assert.ok(cards.length >= 1, `${service}: at least one <Operation>`);
      for (const href of cards)
        // To the reference's page that holds the operation: its own route, or a part of a split one.
        assert.ok(
          href.startsWith(`/api/${service}/`) && href.includes('#') && routes.api.includes(href.split('#')[0] ?? ''),
          `${service}: ${href} leads to its reference`,
        );
    }
    let schemas = 0;
    let tagged = 0;
    for (const { route } of routes.docs) {
      const p = await page(route);
      schemas += p.all('.contract-schema').length;
    }
    for (const file of await contentFiles('content'))
      tagged += ((await readFile(file, 'utf8')).match(/^\s*```json [^\n]*schema=/gm) ?? []).length;
    // The build above passed with zero errors, so each of these examples validated against its schema.
    assert.ok(schemas >= 10, `${schemas} <Schema> tables`);
    assert.ok(tagged >= 15, `${tagged} tagged JSON examples`);
  });

  test('every internal link and anchor of every page points at something the build wrote', async () => {
    const files = new Set<string>();
    for (const route of [...routes.standalone, ...routes.api, ...routes.docs.map((d) => d.route)]) {
      const p = await page(route);
      for (const element of p.all('a[href], link[href], script[src], img[src]')) {
        const url = String(element.properties.href ?? element.properties.src);
        if (!url.startsWith('/')) continue;
        const [path = '', hash] = url.split('#');
        const file = path.endsWith('/') ? `${path}index.html` : path;
        files.add(file);
        assert.ok(existsSync(join(out, 'site', file)), `${route} links to ${url}`);
        if (hash && path.endsWith('/'))
          assert.ok((await page(path)).one(`[id="${hash}"]`), `${route} links to ${url}: no such anchor`);
      }
    }
    assert.ok(files.size > 60);
  });

  test('every page has a Markdown twin its head names, and llms.txt links each twin once', async () => {
    const all = [...routes.standalone, ...routes.api, ...routes.docs.map((d) => d.route)];
    for (const route of all) {
      const p = await page(route);
      assert.equal(p.attr('link[rel="alternate"][type="text/markdown"]', 'href'), `${route}index.md`, route);
      assert.equal(p.attr('meta[name="twitter:title"]', 'content'), p.text('title'), route);
      const twin = await readFile(join(out, 'site', route.slice(1), 'index.md'), 'utf8');
      assert.equal(twin.split('\n')[0], `# ${p.text('title') === SITE_TITLE ? SITE_TITLE : p.text('main h1')}`, route);
    }
    const llms = await readFile(join(out, 'site', 'llms.txt'), 'utf8');
    const linked = [...llms.matchAll(/\]\((https:\/\/www\.openk9\.io\/[^)]*index\.md)\)/g)].map((m) => m[1]);
    assert.deepEqual([...linked].sort(), all.map((route) => `https://www.openk9.io${route}index.md`).sort());
    const full = await readFile(join(out, 'site', 'llms-full.txt'), 'utf8');
    assert.equal(full.match(/^Source: /gm)?.length, all.length);
  });

  test('404.html, sitemap.xml, robots.txt and the favicon', async () => {
    const notFound = await Page.read(join(out, 'site', '404.html'));
    assert.equal(notFound.text('title'), `Page Not Found | ${SITE_TITLE}`);
    assert.equal(notFound.attr('meta[name="robots"]', 'content'), 'noindex');
    const sitemap = await readFile(join(out, 'site', 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual(
      locs,
      [...routes.standalone, ...routes.api, ...routes.docs.map((d) => d.route)]
        .sort()
        .map((r) => `https://www.openk9.io${r}`),
    );
    assert.match(
      await readFile(join(out, 'site', 'robots.txt'), 'utf8'),
      /^Sitemap: https:\/\/www\.openk9\.io\/sitemap\.xml$/m,
    );
    assert.match(await readFile(join(out, 'site', 'favicon.svg'), 'utf8'), /^<svg/);
  });

  test('build-report.json lists the pages, the warnings and the time of every stage', async () => {
    const report = JSON.parse(await readFile(join(out, 'build-report.json'), 'utf8')) as {
      pages: Array<{ route: string; kind: string }>;
      warnings: unknown[];
      stages: Array<{ stage: string; ms: number }>;
      secondThread: boolean;
      search: { pages: number; records: number };
    };
    const pages = report.pages.filter((p) => p.kind !== 'api-part' && p.kind !== 'api-redirect');
    assert.equal(pages.length, routes.standalone.length + routes.api.length + routes.docs.length + 1);
    // Every docs and standalone page is in the search index, with the reference's operations and models.
    assert.equal(report.search.pages, routes.standalone.length + routes.docs.length);
    assert.ok(report.search.records > 200, `${report.search.records} API entries`);
    assert.deepEqual(report.warnings, []);
    assert.deepEqual(
      report.stages.map((s) => s.stage),
      [
        'config',
        'contracts',
        'reference',
        'content',
        'client',
        'render',
        'checks-and-types',
        'markdown',
        'search',
        'write',
      ],
    );
    assert.ok(report.stages.every((s) => s.ms >= 0));
    // The six contracts (0.27 MB) are checked on the build's own thread; their 810 code samples are
    // coloured on a second thread when the reference is built, which a warm cache spares: the flag
    // depends on the cache this build found (test/sample-colours.test.ts holds the thread's part).
    assert.equal(typeof report.secondThread, 'boolean');
  });
});
