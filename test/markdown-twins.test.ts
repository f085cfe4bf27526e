import assert from 'node:assert/strict';
import { once } from 'node:events';
import { cp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Link, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { build, type BuildResult } from '../generator/commands/build.js';
import type { ResolvedConfig } from '../generator/config/resolve.js';
import { checkTwinLinks } from '../generator/markdown/check.js';
import { markdownTwins } from '../generator/markdown/index.js';
import { PageConverter } from '../generator/markdown/content/page.js';
import { TwinContext } from '../generator/markdown/context.js';
import { printMarkdown } from '../generator/markdown/print.js';
import { TwinUrls } from '../generator/markdown/urls.js';
import { createStaticServer } from '../generator/serve/static-server.js';
import { expectFixture } from './fixture-expectations.js';
import { tempDir } from './helpers.js';
import { Page } from './html.js';

const FIXTURE = 'test/fixtures/markdown-site';
const EXPECTED = join(FIXTURE, 'expected');
const SITE = 'https://docs.example.com/shop-docs/';
/** The fixture's pages: the docs in sidebar order, the standalone pages, the reference. */
const TITLES = [
  'Introduction',
  'Hostile page # Forged title',
  'Plain guide',
  'Pet Shop Docs',
  'Shop API reference',
  'Changelog · Shop API',
];

const parser = unified().use(remarkParse).use(remarkGfm);

function parse(markdown: string): Root {
  return parser.parse(markdown);
}

function nodesOf(tree: Nodes, type: string): Nodes[] {
  const out: Nodes[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === type) out.push(node);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return out;
}

/** Every `.md` and `.txt` file of a built site, by path. */
async function markdownFiles(site: string): Promise<Map<string, string>> {
  const entries = await readdir(site, { recursive: true, withFileTypes: true });
  const out = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile() && /\.(md|txt)$/.test(e.name)))
    out.set(
      join(entry.parentPath, entry.name).slice(site.length),
      await readFile(join(entry.parentPath, entry.name), 'utf8'),
    );
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe('Markdown twins, llms.txt and llms-full.txt (test/fixtures/markdown-site)', () => {
  let project: string;
  let out: string;
  let result: BuildResult;
  const site = (path: string): Promise<string> => readFile(join(out, 'site', path), 'utf8');

  before(async () => {
    // A copy, so that the builds with a cache keep it beside the copy, not in the repository.
    project = await tempDir('markdown-site');
    await cp(FIXTURE, project, { recursive: true });
    out = await tempDir('markdown-out');
    result = await build({ config: join(project, 'site-config.yaml'), out, strict: false, cache: false });
    assert.ok(result.report, result.diagnostics.map((d) => d.message).join('\n'));
  });

  test('the twin of a docs page, of a reference page and llms.txt are the expected Markdown', async () => {
    expectFixture(join(EXPECTED, 'docs-intro.md'), await site('docs/intro/index.md'));
    expectFixture(join(EXPECTED, 'api-shop.md'), await site('api/shop/index.md'));
    expectFixture(join(EXPECTED, 'llms.txt'), await site('llms.txt'));
  });

  test('every page has a twin at its route plus index.md, and llms.txt links each one once', async () => {
    const routes = (result.report?.pages ?? []).filter((p) => p.kind !== 'not-found').map((p) => p.route);
    assert.equal(routes.length, TITLES.length);
    for (const route of routes) assert.match(await site(`${route.slice(1)}index.md`), /^# /, route);
    const links = (nodesOf(parse(await site('llms.txt')), 'link') as Link[]).map((l) => l.url);
    const twins = links.filter((url) => url.endsWith('/index.md'));
    assert.deepEqual([...twins].sort(), routes.map((route) => `${SITE}${route.slice(1)}index.md`).sort());
    assert.equal(new Set(twins).size, twins.length, 'each page once');
    assert.deepEqual(
      links.filter((url) => !url.endsWith('/index.md')),
      [`${SITE}llms-full.txt`],
    );
  });

  test('llms-full.txt holds every page in sidebar order, each opening with its title, the one level-1 heading', async () => {
    const full = parse(await site('llms-full.txt'));
    const titles = nodesOf(full, 'heading').filter((h) => (h as { depth: number }).depth === 1);
    assert.deepEqual(
      titles.map((h) => toString(h)),
      TITLES,
    );
    // Each page says where it is published, right under its title.
    const sources = (nodesOf(full, 'paragraph') as Nodes[])
      .map((p) => toString(p))
      .filter((text) => text.startsWith('Source: '));
    assert.equal(sources.length, TITLES.length);
    assert.equal(sources[0], `Source: ${SITE}docs/intro/`);
  });

  test('a hostile page, and hostile contract text, stay inert in the twins and in llms-full.txt', async () => {
    const full = await site('llms-full.txt');
    const tree = parse(full);
    // No raw HTML at all, and every link and image is an http(s) URL.
    assert.deepEqual(nodesOf(tree, 'html'), []);
    for (const node of [...nodesOf(tree, 'link'), ...nodesOf(tree, 'image')])
      assert.match((node as Link).url, /^https?:\/\//, (node as Link).url);
    assert.doesNotMatch(full, /javascript:|onclick/i);
    // The page's text `<script>` is there, escaped: text, not a tag.
    assert.doesNotMatch(full, /(?<!\\)<script/i);
    assert.match(full, /\\<script>alert\(1\)\\<\/script>/);
    // What tried to be a page is text or a lower heading; code blocks keep their fences' content.
    const hostile = parse(await site('docs/guides/hostile/index.md'));
    const headings = nodesOf(hostile, 'heading') as Array<{ depth: number } & Nodes>;
    assert.deepEqual(
      headings.map((h) => [h.depth, toString(h)]),
      [
        [1, 'Hostile page # Forged title'],
        [2, 'Fake page'],
        [2, 'Fake second page'],
      ],
    );
    const code = (nodesOf(hostile, 'code') as Array<{ value: string } & Nodes>).map((c) => c.value);
    assert.deepEqual(code, ['# Not a page either', '```\n# Inside a fence that tries to close early\n```']);
    assert.ok(
      (nodesOf(hostile, 'paragraph') as Nodes[]).some(
        (p) => toString(p) === '# Escaped heading at the start of a line',
      ),
    );
    // A contract's <h1> is a heading under its operation, not a page.
    const api = parse(await site('api/shop/index.md'));
    const fake = (nodesOf(api, 'heading') as Array<{ depth: number } & Nodes>).find((h) => toString(h) === 'Fake');
    assert.equal(fake?.depth, 4);
  });

  test('no URL the policy refuses reaches a twin, whatever the page tree holds', () => {
    const urls = new TwinUrls('https://docs.example.com', '/shop-docs/');
    const ctx = new TwinContext(urls, urls.page('/docs/x/'));
    const attribute = (name: string, value: string) => ({ name, value, literal: false });
    const jsx = (name: string, attributes: unknown[], children: unknown[] = []) => ({
      type: 'mdxJsxFlowElement',
      name,
      attributes,
      children,
    });
    const tree = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', value: 'a link' }] },
            { type: 'image', url: 'java\tscript:alert(1)', alt: 'an image' },
            { type: 'link', url: '//evil.example/', children: [{ type: 'text', value: 'elsewhere' }] },
          ],
        },
        jsx('a', [attribute('href', 'JAVASCRIPT:alert(1)')], [{ type: 'text', value: 'an anchor' }]),
        jsx('Card', [attribute('title', 'A card'), attribute('href', 'vbscript:x')]),
        jsx('ButtonLink', [attribute('href', 'data:text/html,<script>x</script>')], [{ type: 'text', value: 'go' }]),
        jsx('img', [attribute('src', 'javascript:x'), attribute('alt', 'alt text')]),
      ],
    };
    const blocks = new PageConverter(ctx, new Map(), { title: 'T', tagline: '' }).blocks(JSON.stringify(tree));
    const markdown = printMarkdown(blocks);
    assert.doesNotMatch(markdown, /script:|data:/i);
    for (const text of ['a link', 'an image', 'an anchor', 'A card', 'go', 'alt text'])
      assert.ok(markdown.includes(text), text);
    // A protocol-relative URL is another host: kept as the absolute link it is, never made a page of the site.
    assert.ok(markdown.includes('[elsewhere](https://evil.example/)'));
  });

  test("a component's link to an anchor its target lacks is a warning at the component", () => {
    // The hostile page's raw HTML, which its .md twin keeps out, is a warning of its own.
    assert.deepEqual(
      result.diagnostics.map((d) => [basename(d.file), d.line, d.column, d.rule]),
      [
        ['hostile.md', 15, 1, 'raw-html'],
        ['hostile.md', 16, 1, 'raw-html'],
        ['intro.mdx', 40, 3, 'markdown-link'],
      ],
    );
    const link = result.diagnostics.find((d) => d.rule === 'markdown-link');
    assert.match(link?.message ?? '', /plain\/ has no heading or element with id "nowhere"/);
  });

  test('a link the build made that leads nowhere is a warning at its line in the twin', () => {
    const urls = new TwinUrls('https://docs.example.com', '/shop-docs/');
    const text = '# Shop API\n\nSee [Gone](https://docs.example.com/shop-docs/api/shop/#schema-Gone).\n';
    const diagnostics = checkTwinLinks(
      [
        {
          route: '/api/shop/',
          display: undefined,
          output: 'out/site/api/shop/index.md',
          text,
          links: [
            { url: 'https://docs.example.com/shop-docs/api/shop/#schema-Gone', at: undefined },
            { url: 'https://docs.example.com/shop-docs/api/shop/#schema-Pet', at: undefined },
            { url: 'https://docs.example.com/shop-docs/api/gone/', at: undefined },
            { url: 'https://docs.example.com/shop-docs/api/shop/index.md', at: undefined },
            { url: 'https://elsewhere.example/api/gone/', at: undefined },
          ],
        },
      ],
      {
        anchors: new Map([['/api/shop/', new Set(['schema-Pet'])]]),
        twins: new Set(['/api/shop/']),
        files: new Set(),
      },
      urls,
    );
    assert.deepEqual(
      diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} [${d.rule}] ${d.message}`),
      [
        'out/site/api/shop/index.md:3:12 warning [markdown-link] the page\'s Markdown links to https://docs.example.com/shop-docs/api/shop/#schema-Gone: /api/shop/ has no heading or element with id "schema-Gone"',
        "out/site/api/shop/index.md:1:1 warning [markdown-link] the page's Markdown links to https://docs.example.com/shop-docs/api/gone/: the site has no page or file at /api/gone/",
      ],
    );
  });

  test('a page whose twin cannot be made is an error located at it, and no file is made', async () => {
    const config = { url: 'https://docs.example.com', baseUrl: '/', title: 'T', tagline: '' } as ResolvedConfig;
    const summary = {
      apiId: 'x',
      route: '/api/x/',
      title: 'X API reference',
      apiTitle: 'X API',
      description: '',
      anchors: new Set<string>(),
      fingerprint: 'f',
      parts: [],
    };
    const made = await markdownTwins({
      config,
      content: { docs: [], pages: [], sidebar: [], assets: [] },
      reference: { pages: [summary], files: new Map(), key: '', full: async () => ({ pages: [], catalog: new Map() }) },
    });
    assert.deepEqual(
      made.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} [${d.rule}] ${d.message}`),
      ["/api/x/:1:1 error [render] the page's Markdown twin failed: the reference has no page at /api/x/"],
    );
    assert.equal(made.files.size, 0);
  });

  test('each page names its twin in its head, with its canonical URL, Open Graph and Twitter card tags', async () => {
    for (const [route, title, description, type] of [
      ['/docs/intro/', 'Introduction | Pet Shop Docs', 'What the shop sells, and how to call its API.', 'article'],
      ['/api/shop/', 'Shop API reference | Pet Shop Docs', 'A small pet shop.', 'website'],
      ['/', 'Pet Shop Docs', "The home of the pet shop's documentation.", 'website'],
    ] as const) {
      const page = await Page.read(join(out, 'site', route.slice(1), 'index.html'));
      const url = `${SITE}${route.slice(1)}`;
      assert.equal(page.attr('link[rel="alternate"][type="text/markdown"]', 'href'), `/shop-docs${route}index.md`);
      assert.equal(page.attr('link[rel="canonical"]', 'href'), url);
      const meta = (selector: string) => page.attr(`meta[${selector}]`, 'content');
      assert.deepEqual(
        [
          meta('property="og:title"'),
          meta('property="og:description"'),
          meta('property="og:url"'),
          meta('property="og:type"'),
          meta('property="og:site_name"'),
          meta('property="og:locale"'),
          meta('name="twitter:card"'),
          meta('name="twitter:title"'),
          meta('name="twitter:description"'),
        ],
        [title, description, url, type, 'Pet Shop Docs', 'en', 'summary', title, description],
        route,
      );
    }
    const notFound = await Page.read(join(out, 'site', '404.html'));
    assert.equal(notFound.one('link[rel="alternate"]'), undefined, 'the 404 page has no twin');
  });

  test('the twins are the same with no cache, a cold cache and a warm one', async () => {
    const expected = await markdownFiles(join(out, 'site'));
    assert.ok(expected.size >= TITLES.length + 2);
    for (const run of ['cold', 'warm']) {
      const again = await tempDir(`markdown-${run}`);
      const built = await build({ config: join(project, 'site-config.yaml'), out: again, strict: false, cache: true });
      assert.deepEqual(built.diagnostics, result.diagnostics, run);
      assert.deepEqual(await markdownFiles(join(again, 'site')), expected, run);
    }
  });

  test('the static server gives a twin as text/markdown', async () => {
    const server = createStaticServer({ root: join(out, 'site'), baseUrl: '/shop-docs/' });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/shop-docs/docs/intro/index.md`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
      assert.equal(await response.text(), await site('docs/intro/index.md'));
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
