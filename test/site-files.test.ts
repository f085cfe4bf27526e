import assert from 'node:assert/strict';
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { siteFileAt } from '../generator/content/site-files.js';
import { tempDir } from './helpers.js';

const page = (title: string): string => `---\ntitle: ${title}\ndescription: ${title}.\n---\n\nText.\n`;

describe('routes that would land on the files the build writes itself', () => {
  test('are refused where the page is, and the output is left as it was', async () => {
    const dir = await tempDir('site-files');
    await cp('test/fixtures/sites/minimal-clean', dir, { recursive: true });
    await mkdir(join(dir, 'content/pages/pagefind'), { recursive: true });
    await writeFile(join(dir, 'content/pages/llms.txt.mdx'), page('Llms'));
    await writeFile(join(dir, 'content/pages/pagefind/pagefind.js.mdx'), page('Script'));
    await writeFile(join(dir, 'content/pages/sitemap.xml.mdx'), page('Map'));
    const result = await build({ config: join(dir, 'site-config.yaml'), out: join(dir, 'out'), strict: false });
    assert.deepEqual(
      result.diagnostics
        .filter((d) => d.rule === 'duplicate-route')
        .map((d) => `${d.file.slice(dir.length + 1)} ${d.message}`)
        .sort(),
      [
        `content/pages/llms.txt.mdx route /llms.txt/ would take the place of the site's llms.txt; change the file name or its "slug"`,
        `content/pages/pagefind/pagefind.js.mdx route /pagefind/pagefind.js/ would take the place of the site's pagefind/ folder; change the file name or its "slug"`,
        `content/pages/sitemap.xml.mdx route /sitemap.xml/ would take the place of the site's sitemap.xml; change the file name or its "slug"`,
      ],
    );
    assert.equal(result.report, undefined);
  });

  test("every file and folder a build writes at the site's top, but the pages' own, is one of them", async () => {
    const out = await tempDir('site-files-out');
    const result = await build({ config: 'test/fixtures/sites/minimal-clean/site-config.yaml', out, strict: false });
    assert.ok(result.report);
    const pageFolders = new Set(result.report.pages.map((p) => p.route.split('/')[1]).filter(Boolean));
    const own = (await readdir(join(out, 'site'))).filter((name) => !pageFolders.has(name) && name !== 'index.html');
    assert.ok(own.includes('llms.txt') && own.includes('pagefind') && own.includes('assets'), own.join(', '));
    for (const name of own) assert.ok(siteFileAt(`/${name}/`), `${name} is not reserved`);
    assert.equal(siteFileAt('/docs/guide/'), undefined);
    assert.equal(siteFileAt('/docs/index.md/'), "a page's index.md");
  });
});
