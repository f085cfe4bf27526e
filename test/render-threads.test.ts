import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { loadConfig } from '../generator/config/load.js';
import { loadContent } from '../generator/content/index.js';
import { NO_CONTRACTS } from '../generator/content/types.js';
import { EMPTY_REFERENCE, renderSite, type RenderInput } from '../generator/render/index.js';
import { MDX_COMPONENT_NAMES } from '../templates/mdx/component-names.js';
import { tempDir } from './helpers.js';

const DOCS = 330;

test(
  'many pages to render are shared with a second thread, and come out as rendered here',
  { timeout: 180_000 },
  async () => {
    const dir = await tempDir('render-threads');
    await writeFile(join(dir, 'site-config.yaml'), 'title: Threads\nurl: https://docs.example\n');
    for (let i = 0; i < DOCS; i++) {
      const folder = join(dir, 'content/docs', `part-${Math.floor(i / 60)}`, `section-${Math.floor(i / 20)}`);
      if (i % 20 === 0) await mkdir(folder, { recursive: true });
      await writeFile(
        join(folder, `page-${i}.mdx`),
        `---\ntitle: Page ${i}\ndescription: Page ${i}.\n---\n\n## Code\n\n\`\`\`ts title="n${i}.ts"\nexport const n${i} = "<${i}>";\n\`\`\`\n\n:::tip\nA tip with **bold** text & a [link](https://example.com).\n:::\n\n### Table\n\n| a | b |\n|---|---|\n| ${i} | x |\n`,
      );
    }
    await mkdir(join(dir, 'content/pages'), { recursive: true });
    await writeFile(
      join(dir, 'content/pages/index.mdx'),
      '---\ntitle: Threads\ndescription: Home.\n---\n\n<Hero />\n\nWelcome.\n',
    );
    await writeFile(
      join(dir, 'content/pages/about.mdx'),
      '---\ntitle: About\ndescription: About.\n---\n\n# About\n\nText.\n',
    );

    const loaded = await loadConfig(join(dir, 'site-config.yaml'));
    assert.ok(loaded.ok);
    const content = await loadContent({
      config: loaded.config,
      configSource: loaded.source,
      components: new Set(MDX_COMPONENT_NAMES),
      contracts: NO_CONTRACTS,
      reservedRoutes: new Map(),
    });
    assert.deepEqual(content.diagnostics, []);
    const input: RenderInput = {
      config: loaded.config,
      configSource: loaded.source,
      content,
      apiPages: [],
      reference: EMPTY_REFERENCE,
      assets: {
        css: 'assets/main.css',
        js: 'assets/main.js',
        favicon: 'favicon.svg',
        faviconType: 'image/svg+xml',
        headScript: '',
      },
    };

    const emitted = new Map<string, string | Uint8Array>();
    const cache = BuildCache.forProject(dir, true);
    const shared = await renderSite({ ...input, cache, emit: async (file, html) => void emitted.set(file, html) });
    assert.deepEqual(shared.diagnostics, []);
    assert.equal(shared.secondThread, true);
    // The other thread hands back UTF-8, this one text: both rendered some of the pages.
    const elsewhere = [...emitted.values()].filter((html) => typeof html !== 'string').length;
    assert.ok(
      elsewhere > 0 && elsewhere < emitted.size,
      `${elsewhere} of ${emitted.size} pages from the second thread`,
    );
    assert.equal(emitted.size, DOCS + 2 + 1);

    // The same pages rendered by this thread alone, a hundred at a time (too few to share).
    const routes = shared.pages.map((page) => page.route);
    let compared = 0;
    for (let at = 0; at < routes.length; at += 100) {
      const here = await renderSite({ ...input, only: new Set(routes.slice(at, at + 100)) });
      assert.equal(here.secondThread, false);
      for (const [file, html] of here.files) {
        if (!file.endsWith('.html')) continue;
        const other = emitted.get(file);
        assert.ok(other !== undefined, file);
        assert.equal(typeof other === 'string' ? other : Buffer.from(other).toString('utf8'), html, file);
        compared++;
      }
    }
    assert.equal(compared, emitted.size);

    // From the cache, a page is the bytes it was, whichever thread rendered it.
    const again = new Map<string, string | Uint8Array>();
    const cached = await renderSite({ ...input, cache, emit: async (file, html) => void again.set(file, html) });
    assert.equal(cached.secondThread, false);
    assert.equal(again.size, emitted.size);
    for (const [file, html] of emitted) assert.deepEqual(Buffer.from(again.get(file) ?? ''), Buffer.from(html), file);
  },
);
