import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { tempDir } from './helpers.js';

const PAGE = `---
title: References
description: Reference-style links.
---

See the [setup guide][setup], the [home page][home] and [an external site][ext].

![The diagram][pic]

[setup]: ./guide/setup.mdx#install
[home]: /
[ext]: https://example.com/
[pic]: ./diagram.svg
`;

test('reference-style links and images are rewritten as inline ones: under the base URL, pages by route, images published', async () => {
  const dir = await tempDir('reference-links');
  await cp('test/fixtures/sites/minimal-clean', dir, { recursive: true });
  await writeFile(join(dir, 'content/docs/refs.mdx'), PAGE);
  const result = await build({ config: join(dir, 'site-config.yaml'), out: join(dir, 'out'), strict: true });
  assert.deepEqual(result.diagnostics, []);

  const html = await readFile(join(dir, 'out/site/docs/refs/index.html'), 'utf8');
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  assert.match(main, /<a href="\/docs-site\/docs\/guide\/setup\/#install">setup guide<\/a>/);
  assert.match(main, /<a href="\/docs-site\/">home page<\/a>/);
  assert.match(main, /<a href="https:\/\/example\.com\/"[^>]*>an external site/);
  const image = /<img[^>]* src="(\/docs-site\/assets\/images\/diagram\.[0-9a-f]+\.svg)"/.exec(main);
  assert.ok(image, 'the image is published under the base URL');
  await readFile(join(dir, 'out/site', (image[1] as string).slice('/docs-site/'.length)));

  // The Markdown twin gives the same addresses, absolute, each once under the base URL.
  const twin = await readFile(join(dir, 'out/site/docs/refs/index.md'), 'utf8');
  assert.match(twin, /\[setup guide\]\(https:\/\/fixture\.example\/docs-site\/docs\/guide\/setup\/#install\)/);
  assert.match(twin, /\[home page\]\(https:\/\/fixture\.example\/docs-site\/\)/);
  assert.match(
    twin,
    /!\[The diagram\]\(https:\/\/fixture\.example\/docs-site\/assets\/images\/diagram\.[0-9a-f]+\.svg\)/,
  );
});
