import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from './helpers.js';

/** A config that sets every option a reader's output can show, each to a value that is not its default. */
export function fullConfig(): Record<string, unknown> {
  return {
    title: 'Keys Fixture',
    tagline: 'Every option set.',
    description: 'A site whose config sets every option.',
    url: 'https://keys.example',
    baseUrl: '/kb/',
    favicon: 'icon.svg',
    editUrl: 'https://git.example/edit/main/',
    brand: { name: 'Keys', slug: 'keys' },
    contentDir: 'content',
    navbar: {
      title: 'Keys Docs',
      logo: { src: 'logo.svg', alt: 'Keys logo' },
      hideOnScroll: true,
      items: [
        { type: 'docSidebar', label: 'Docs' },
        { type: 'doc', label: 'Guide', docId: 'guide' },
        { type: 'link', label: 'Blog', to: '/blog/' },
        { type: 'localeDropdown' },
      ],
    },
    footer: {
      columns: [{ title: 'More', items: [{ label: 'Guide', to: '/docs/guide/' }] }],
      copyright: { year: 2024, holder: 'Keys Inc.' },
    },
    sidebar: [
      { type: 'doc', id: 'index' },
      { type: 'category', label: 'Guides', items: [{ type: 'doc', id: 'guide' }] },
    ],
    announcementBar: {
      id: 'launch',
      content: 'We [launched](https://keys.example/launch).',
      backgroundColor: '#fafafa',
      textColor: '#111111',
      isCloseable: false,
    },
    colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: true },
    i18n: { defaultLocale: 'en', locales: ['en', 'it'] },
    toc: { minHeadingLevel: 3, maxHeadingLevel: 4 },
    client: {
      desktopBreakpoint: 1000,
      progressBar: { delay: 100, minimum: 0.1, speed: 300, trickleRate: 0.03, trickleSpeed: 700, showSpinner: true },
    },
    apiPages: {
      primaryColor: '#336699',
      codeSamples: ['curl', 'typescript'],
      splitAbove: 50,
      pageBudget: { htmlBytes: 200 * 1024, elements: 4000 },
    },
    blog: {
      enabled: true,
      title: 'News',
      description: 'What is new.',
      route: '/blog/',
      postsPerPage: 2,
      recentPosts: 3,
      feed: { types: ['rss', 'atom'], limit: 5 },
    },
    contentBudget: { bytes: 200 * 1024, lines: 9000, nodes: 90_000 },
    apis: [{ id: 'shop', title: 'Shop API', route: '/api/shop/', guide: '/docs/guide/', spec: 'openapi/shop/' }],
    // No packageName: its default, from brand.slug, is what a change of the slug shows in.
    types: { version: '1.2.0' },
    rules: { 'page-description': 'warning' },
  };
}

const svg = (color: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="${color}"/></svg>\n`;

const CONTRACT = `openapi: 3.1.0
info: { title: Shop, version: 1.0.0 }
paths:
  /items:
    get:
      operationId: listItems
      tags: [items]
      responses:
        '200':
          description: The items.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Item' }
  /orders:
    post:
      operationId: placeOrder
      tags: [orders]
      responses:
        '201':
          description: Placed.
components:
  schemas:
    Item:
      type: object
      properties:
        count: { type: integer }
`;

const HOME = `---
title: Home
description: The first page.
---

Read [the guide](./guide.mdx).

## Level two

### Level three

#### Level four

A long line for the budget.
`;

const GUIDE = `---
title: Guide
---

## An item

\`\`\`json schema=shop#Item
{ "count": 3 }
\`\`\`

### Details
`;

const post = (title: string): string =>
  `---\ntitle: ${title}\ndescription: About ${title}.\ntags: [News]\n---\n\nSome news.\n`;

/** The fixture's project: docs, a blog, an API, a favicon and a logo; `alt-content/` is a second content folder. */
export async function makeKeysProject(): Promise<string> {
  const root = await tempDir('cache-keys');
  for (const dir of ['content/docs', 'content/blog', 'openapi/shop', 'openapi/shop-v2'])
    await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, 'content/docs/index.mdx'), HOME);
  await writeFile(join(root, 'content/docs/guide.mdx'), GUIDE);
  for (const [day, title] of [
    ['2024-01-10', 'First'],
    ['2024-02-10', 'Second'],
    ['2024-03-10', 'Third'],
  ] as const)
    await writeFile(join(root, `content/blog/${day}-${title.toLowerCase()}.mdx`), post(title));
  await cp(join(root, 'content'), join(root, 'alt-content'), { recursive: true });
  await writeFile(join(root, 'alt-content/docs/guide.mdx'), GUIDE.replace('### Details', '### Other details'));
  await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), CONTRACT);
  await writeFile(join(root, 'openapi/shop-v2/2.0.0.yaml'), CONTRACT.replace(/1\.0\.0/g, '2.0.0'));
  await writeFile(join(root, 'icon.svg'), svg('#ff0000'));
  await writeFile(join(root, 'icon2.svg'), svg('#00ff00'));
  await writeFile(join(root, 'logo.svg'), svg('#0000ff'));
  await writeFile(join(root, 'logo2.svg'), svg('#ffff00'));
  return root;
}

/** The value at a dotted path (`toc.minHeadingLevel`, `apis.0.title`) of a copy of `config`, set to `value`. */
export function withOption(config: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(config);
  const names = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const name of names.slice(0, -1)) at = at[name] as Record<string, unknown>;
  at[names.at(-1) as string] = value;
  return copy;
}

/**
 * The option paths of a resolved config: objects are walked, arrays and other values are leaves
 * (a variation changes an array as a whole, or one field of an API by `apis.0.<field>`).
 */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([name, inner]) => leafPaths(inner, prefix ? `${prefix}.${name}` : name));
}
