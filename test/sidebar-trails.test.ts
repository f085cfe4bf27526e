import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sidebarTrails } from '../generator/content/index.js';
import type { SidebarNode } from '../generator/content/types.js';

const doc = (route: string): SidebarNode => ({ type: 'doc', id: route, label: route, route });
const category = (label: string, items: SidebarNode[], route?: string): SidebarNode => ({
  type: 'category',
  label,
  route,
  docId: undefined,
  collapsed: true,
  items,
});

const SIDEBAR: SidebarNode[] = [
  doc('/top/'),
  category('A', [
    doc('/twice/'),
    doc('/beside-and-nested/'),
    category('B', [doc('/b/'), doc('/beside-and-nested/'), category('C', [doc('/c/')], '/c-page/')], '/b-page/'),
  ]),
  category('D', [doc('/twice/'), doc('/d/')], '/d-page/'),
  { type: 'link', label: 'Elsewhere', href: 'https://example.com' },
];

test('each route has the categories above it, the first in reading order when it is listed twice', () => {
  const trails = sidebarTrails(SIDEBAR);
  const labels = (route: string) =>
    trails
      .get(route)
      ?.map((c) => c.label)
      .join(' > ');
  assert.equal(labels('/top/'), undefined, 'a doc outside every category has no trail');
  assert.equal(labels('/twice/'), 'A', 'the first category that lists it');
  assert.equal(labels('/b/'), 'A > B');
  assert.equal(labels('/c/'), 'A > B > C');
  assert.equal(labels('/c-page/'), 'A > B > C', 'a category page is inside its category');
  assert.equal(labels('/b-page/'), 'A > B');
  assert.equal(
    labels('/beside-and-nested/'),
    'A > B',
    'a page in a nested category counts before the same page listed beside it',
  );
  assert.equal(labels('/d/'), 'D');
  assert.equal(labels('/d-page/'), 'D');
  assert.equal(trails.size, 8);
});
