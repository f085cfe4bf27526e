import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { slugify } from '../generator/config/resolve.js';
import { versionLayout } from '../generator/render/api/layout.js';
import { groupOperations } from '../generator/render/api/operations.js';
import { RefResolver } from '../generator/render/api/resolver.js';
import { divideLarge, MAX_PAGE_OPERATIONS } from '../generator/render/api/sub-resources.js';
import { CORPUS, corpusSuite } from './corpus.js';

/** GitHub's document split as a build splits it: a page per tag, its largest tags divided by sub-resource. */
corpusSuite('GitHub’s reference pages, by meaning', () => {
  test('no route has a number suffix; the largest tag is divided into named sub-resource pages', () => {
    const document = JSON.parse(readFileSync(join(CORPUS, 'public/github__api.github.com.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const grouped = groupOperations(document, new RefResolver(document), new Set(), () => true);
    const largest = grouped.groups
      .filter((g) => g.kind === 'tag')
      .reduce((a, b) => (b.operations.length > a.operations.length ? b : a));
    assert.equal(largest.name, 'repos');
    const groups = divideLarge(grouped.groups, grouped.anchor);
    const layout = versionLayout(groups, '/api/github/', true, '/');
    const routes = groups.map((g) => layout.tagRoute(g));
    assert.equal(new Set(routes).size, routes.length);
    for (const route of routes) assert.doesNotMatch(route, /-\d+\/$/, route);
    for (const group of groups) assert.doesNotMatch(group.name, /\(\d+\)$/, group.name);
    const repos = groups.filter((g) => g.anchor === largest.anchor || g.subOf === largest.anchor);
    const names = repos.map((g) => g.name);
    assert.ok(names.includes('Repo branches') && names.includes('Repo releases'), names.join(', '));
    assert.equal(
      repos.reduce((n, g) => n + g.operations.length, 0),
      largest.operations.length,
    );
    // Each sub-resource page is within the limit; the tag's own page also keeps the small leftovers.
    for (const group of repos) {
      if (group.subOf) assert.ok(group.operations.length <= MAX_PAGE_OPERATIONS, `${group.name}`);
      assert.equal(layout.tagRoute(group), `/api/github/${slugify(group.name)}/`);
    }
    // The webhooks are divided by event too (`Webhook issues`…).
    assert.ok(groups.filter((g) => g.kind === 'webhooks').length > 10);
  });
});
