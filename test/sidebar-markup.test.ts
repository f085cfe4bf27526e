import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ClosedCategory, SidebarCategory } from '../templates/docs/Sidebar.js';
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
