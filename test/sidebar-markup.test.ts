import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ClosedCategory, Sidebar, SidebarCategory, type ClosedCategoryMarkup } from '../templates/docs/Sidebar.js';
import type { SidebarItemModel } from '../templates/model.js';

type Category = Extract<SidebarItemModel, { type: 'category' }>;

const doc = (n: number): SidebarItemModel => ({ type: 'doc', label: `Page ${n}`, href: `/docs/p${n}/`, route: `/docs/p${n}/` });
const category = (label: string, items: SidebarItemModel[], href?: string): Category => ({ type: 'category', label, href, route: href, collapsed: true, items });

test('a closed lazy category is written by the server exactly as the live category writes it', () => {
  const cases: Category[] = [
    category('Plain', [doc(1), doc(2), doc(3)]),
    category('Linked', [doc(4), doc(5)], '/docs/linked/'),
    category('One page', [doc(6)]),
    category('Empty', []),
    category('Nested first', [category('Inner', [doc(7), doc(8)]), doc(9)]),
    category('Link first', [{ type: 'link', label: 'Elsewhere', href: 'https://example.com/', external: true } as SidebarItemModel, doc(10)]),
  ];
  for (const item of cases) {
    const live = renderToString(createElement(SidebarCategory, { item, route: '/docs/other/', lazy: true, path: '3' }));
    const closed = renderToString(createElement(ClosedCategory, { item, route: '/docs/other/', path: '3' }));
    assert.equal(closed, live, item.label);
    assert.match(closed, /data-sidebar-lazy="3"/);
  }
});

test('a sidebar whose closed categories come pre-rendered is the sidebar rendered whole', () => {
  const items: SidebarItemModel[] = [
    doc(0),
    category('Open', [doc(1), category('Closed inside open', [doc(2), doc(3)]), doc(4)]),
    category('Closed', [category('Nested', [doc(5)]), doc(6)]),
    category('Linked', [doc(7), doc(8)], '/docs/linked/'),
    { ...category('Expanded by config', [doc(9), doc(10)]), collapsed: false },
  ];
  let asked = 0;
  const closedMarkup: ClosedCategoryMarkup = (item, path) => {
    asked++;
    return renderToString(createElement(ClosedCategory, { item, route: '', path }));
  };
  for (const route of ['/docs/p1/', '/docs/linked/', '/docs/p0/']) {
    const whole = renderToString(createElement(Sidebar, { items, route, lazy: true }));
    asked = 0;
    assert.equal(renderToString(createElement(Sidebar, { items, route, lazy: true, closedMarkup })), whole, route);
    assert.ok(asked > 0, route);
  }
  // A sidebar that is not lazy lists everything: nothing is pre-rendered.
  asked = 0;
  assert.equal(renderToString(createElement(Sidebar, { items, route: '/docs/p1/', lazy: false, closedMarkup })), renderToString(createElement(Sidebar, { items, route: '/docs/p1/', lazy: false })));
  assert.equal(asked, 0);
});
