import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { closedMarkupOf } from '../generator/render/pages.js';
import { sidebarListHtml } from '../generator/render/sidebar-markup.js';
import {
  categoriesHolding,
  containsRoute,
  PrerenderedSidebar,
  Sidebar,
  type ClosedCategoryMarkup,
} from '../templates/docs/Sidebar.js';
import type { SidebarItemModel } from '../templates/model.js';

type Category = Extract<SidebarItemModel, { type: 'category' }>;

const doc = (n: number): SidebarItemModel => ({
  type: 'doc',
  label: `Page ${n}`,
  href: `/docs/p${n}/`,
  route: `/docs/p${n}/`,
});
const category = (label: string, items: SidebarItemModel[], href?: string): Category => ({
  type: 'category',
  label,
  href,
  route: href,
  collapsed: true,
  items,
});

test('a lazy sidebar whose closed categories are rendered once for the site is the sidebar rendered whole', () => {
  const items: SidebarItemModel[] = [
    doc(0),
    category('Open', [doc(1), category('Closed inside open', [doc(2), doc(3)]), doc(4)]),
    category('Closed', [category('Nested', [doc(5)]), doc(6)]),
    category('Linked', [doc(7), doc(8)], '/docs/linked/'),
    category('Link first', [
      { type: 'link', label: 'Elsewhere', href: 'https://example.com/', external: true },
      doc(10),
    ]),
    category('Empty', []),
    { ...category('Expanded by config', [doc(11), doc(12)]), collapsed: false },
  ];
  const once = closedMarkupOf({ lazySidebar: true });
  assert.ok(once);
  let asked = 0;
  const closedMarkup: ClosedCategoryMarkup = (item, path) => {
    asked++;
    return once(item, path);
  };
  for (const route of ['/docs/p1/', '/docs/p2/', '/docs/linked/', '/docs/p0/', '/docs/p5/']) {
    const whole = renderToString(createElement(Sidebar, { items, route, lazy: true }));
    asked = 0;
    assert.equal(renderToString(createElement(Sidebar, { items, route, lazy: true, closedMarkup })), whole, route);
    assert.ok(asked >= 3, `${route}: ${asked}`);
  }
  // A sidebar that is not lazy lists everything: there is nothing to render once.
  assert.equal(closedMarkupOf({ lazySidebar: false }), undefined);
});

test('a lazy sidebar put together from entries rendered once for the site is the sidebar rendered whole, on every page', () => {
  const items: SidebarItemModel[] = [
    doc(0),
    category('Open', [doc(1), category('Closed inside open', [doc(2), doc(3)]), doc(4)]),
    { type: 'link', label: 'Elsewhere', href: 'https://example.com/', external: true },
    category('Closed', [category('Nested', [doc(5)]), doc(6)]),
    doc(13),
    category('Linked', [doc(7), doc(8)], '/docs/linked/'),
    category('Empty', []),
    { ...category('Expanded by config', [doc(11), doc(12)]), collapsed: false },
    // Open categories inside open ones: each list put together from its entries, at every depth.
    category('Deep', [
      doc(14),
      category('Deeper', [doc(15), category('Deepest', [doc(16), doc(17)], '/docs/deepest/'), doc(18)]),
      doc(19),
    ]),
  ];
  const site = { lazySidebar: true, sidebar: items };
  const routes = [
    '/docs/p0/',
    '/docs/p1/',
    '/docs/p2/',
    '/docs/p5/',
    '/docs/p13/',
    '/docs/linked/',
    '/docs/p8/',
    '/docs/p14/',
    '/docs/p15/',
    '/docs/p17/',
    '/docs/deepest/',
    '/docs/p18/',
  ];
  // Twice over: the second time, every entry drawn alike comes from what the first rendered.
  for (const route of [...routes, ...routes, '/docs/p11/', '/docs/none/']) {
    const whole = renderToString(createElement(Sidebar, { items, route, lazy: true }));
    const listHtml = sidebarListHtml(site, route);
    assert.ok(listHtml !== undefined);
    assert.equal(renderToString(createElement(PrerenderedSidebar, { listHtml })), whole, route);
  }
  // A sidebar that is not lazy is drawn whole, by `Sidebar`.
  assert.equal(sidebarListHtml({ lazySidebar: false, sidebar: items }, '/docs/p0/'), undefined);
});

test('the categories a page opens, looked up once per page, are those that hold its route below them', () => {
  const items: SidebarItemModel[] = [
    doc(0),
    category('A', [doc(1), category('B', [doc(2), category('C', [doc(3)], '/docs/c/')], '/docs/b/'), doc(4)]),
    category('D', [doc(1), doc(5)], '/docs/d/'),
    category('Empty', []),
  ];
  const categories: Category[] = [];
  const gather = (level: SidebarItemModel[]): void => {
    for (const item of level) if (item.type === 'category') (categories.push(item), gather(item.items));
  };
  gather(items);
  const label = (set: Iterable<Category>) =>
    [...set]
      .map((c) => c.label)
      .sort()
      .join(',');
  let checked = 0;
  for (const route of [
    '/docs/p0/',
    '/docs/p1/',
    '/docs/p2/',
    '/docs/p3/',
    '/docs/b/',
    '/docs/c/',
    '/docs/d/',
    '/docs/p5/',
    '/docs/elsewhere/',
  ]) {
    assert.equal(
      label(categoriesHolding(items, route)),
      label(categories.filter((c) => containsRoute(c.items, route))),
      route,
    );
    checked++;
  }
  assert.equal(checked, 9);
  assert.equal(label(categoriesHolding(items, '/docs/c/')), 'A,B');
  assert.equal(label(categoriesHolding(items, '/docs/p1/')), 'A,D');
});

test('a category with `collapsed: false` is open on pages it does not hold, and one left collapsed is closed', () => {
  const items: SidebarItemModel[] = [
    doc(0),
    { ...category('Expanded', [doc(1), doc(2)]), collapsed: false },
    category('Collapsed', [doc(3), doc(4)]),
  ];
  // Told apart by what each category's <details> says, not by comparing two renderings that would change alike.
  const opened = (html: string, label: string): boolean => {
    const details = new RegExp(`<details([^>]*)><summary[^>]*><span>${label}</span>`).exec(html);
    assert.ok(details, `${label} is in the sidebar`);
    return /\sopen=""/.test(details[1] ?? '');
  };
  for (const lazy of [false, true]) {
    const html = renderToString(createElement(Sidebar, { items, route: '/docs/p0/', lazy }));
    assert.equal(opened(html, 'Expanded'), true, `lazy: ${lazy}`);
    assert.equal(opened(html, 'Collapsed'), false, `lazy: ${lazy}`);
    // Open, it lists every entry, the lazy sidebar too.
    assert.match(html, /href="\/docs\/p2\/"/, `lazy: ${lazy}`);
  }
});
