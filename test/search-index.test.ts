import assert from 'node:assert/strict';
import { access, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { build, type BuildReport } from '../generator/commands/build.js';
import type { ResolvedConfig } from '../generator/config/resolve.js';
import type { CompiledPage } from '../generator/content/types.js';
import { EMPTY_REFERENCE } from '../generator/render/index.js';
import { SiteSearch } from '../generator/search/index.js';
import { storeKey, type IndexStore } from '../generator/search/pagefind-index/store.js';
import { runCli, tempDir } from './helpers.js';
import { filesUnder, indexedFragments, SEARCH_FIXTURE, type Fragment } from './search-helpers.js';

/**
 * The search index the build writes (site/pagefind/), read back from Pagefind's own files: every
 * docs page with its sections, every operation and model at its anchor, under the base URL, the
 * same bytes from two builds, and the awkward pages (no text, left out, a heading without an id,
 * text that is not ASCII) indexed without error.
 */
describe('the search index of the fixture site', () => {
  let outs: string[] = [];
  let fragments: Map<string, Fragment>;
  let site: string;

  before(async () => {
    outs = [await tempDir('search-a'), await tempDir('search-b')];
    // One after the other: the second is the first's twin, for determinism.
    for (const out of outs) {
      const result = await build({ config: SEARCH_FIXTURE, out, strict: true, cache: false });
      assert.ok(result.report, result.diagnostics.map((d) => d.message).join('; '));
    }
    site = join(outs[0] as string, 'site');
    fragments = await indexedFragments(site);
  });

  test('two builds of the same inputs write the same index, byte for byte', async () => {
    const [a, b] = await Promise.all(outs.map((out) => filesUnder(join(out, 'site/pagefind'))));
    assert.ok(a && b && a.size > 5);
    assert.deepEqual([...a.keys()].sort(), [...(b?.keys() ?? [])].sort());
    for (const [path, bytes] of a) assert.ok(bytes.equals(b?.get(path) as Buffer), path);
  });

  test("the bundle holds Pagefind's script, the index and the language's WebAssembly, and none of its own interfaces or its worker", async () => {
    const names = [...(await filesUnder(join(site, 'pagefind'))).keys()];
    for (const name of ['pagefind.js', 'pagefind-entry.json', 'wasm.en.pagefind'])
      assert.ok(names.includes(name), name);
    assert.ok(names.some((name) => /^index\/en_[0-9a-f]+\.pf_index$/.test(name)));
    assert.ok(names.some((name) => /^pagefind\.en_[0-9a-f]+\.pf_meta$/.test(name)));
    assert.deepEqual(
      names.filter((name) => /ui|highlight|unknown|worker/.test(name)),
      [],
    );
  });

  test('every docs and standalone page is a result under the base URL, titled by its front matter', () => {
    const docs = [...fragments.values()].filter((f) => f.filters.kind?.includes('Docs'));
    assert.deepEqual(docs.map((f) => `${f.url} ${f.meta.title}`).sort(), [
      '/kb/ Search Fixture',
      '/kb/docs/guide/empty/ Empty page',
      // A title with a colon and a comma (which Pagefind's attribute syntax would split) stays whole.
      '/kb/docs/guide/languages/ Languages: Größe, 日本語',
      '/kb/docs/guide/raw-heading/ Raw heading',
      '/kb/docs/intro/ Introduction',
    ]);
    const intro = fragments.get('/kb/docs/intro/');
    // The sections, at their headings' ids, without the headings' "#" links.
    assert.deepEqual(
      intro?.anchors.map((a) => `${a.id}: ${a.text}`),
      ['rolling-restarts: Rolling restarts', 'backups: Backups'],
    );
    assert.match(intro?.content ?? '', /quiet harbour protocol drains each node/);
    // Only the page's content: no sidebar, breadcrumbs or table of contents.
    assert.doesNotMatch(intro?.content ?? '', /Raw heading|On this page|Languages/);
  });

  test('a page with search: false is not indexed; a page with no text, a heading without an id and non-ASCII text are', () => {
    for (const fragment of fragments.values()) assert.doesNotMatch(fragment.content, /zanzibarite/, fragment.url);
    assert.equal(fragments.has('/kb/docs/guide/hidden/'), false);
    assert.equal(fragments.get('/kb/docs/guide/empty/')?.content, 'Empty page.');
    const raw = fragments.get('/kb/docs/guide/raw-heading/');
    assert.deepEqual(raw?.anchors, []);
    assert.match(raw?.content ?? '', /Plain heading without an id\. The marmalade valve/);
    const languages = fragments.get('/kb/docs/guide/languages/');
    assert.match(languages?.content ?? '', /Größe des Zwischenspeichers .* smörgåsbord/);
    assert.match(languages?.content ?? '', /検索インデックスは日本語のテキストも扱います/);
    assert.deepEqual(
      languages?.anchors.map((a) => a.id),
      ['über-die-konfiguration', '日本語'],
    );
  });

  test('each operation and model is a result of its own, at its anchor on the page it lives on after the split', async () => {
    const api = [...fragments.values()].filter((f) => f.filters.kind?.includes('API reference'));
    assert.deepEqual(api.map((f) => `${f.url} | ${f.meta.title} | ${f.meta.kind}`).sort(), [
      '/kb/api/shop/orders/#cancelOrder | POST /orders/{orderId}/cancel — Cancel an order before it ships | Operation',
      '/kb/api/shop/orders/#listOrders | GET /orders — List the orders of a customer | Operation',
      '/kb/api/shop/parcels/#trackParcel | GET /parcels/{parcelId} — Track a parcel through the depot | Operation',
      '/kb/api/shop/schemas/#schema-Order | Order | Model',
      '/kb/api/shop/schemas/#schema-ParcelStatus | ParcelStatus | Model',
    ]);
    for (const fragment of api) {
      assert.deepEqual(fragment.filters.service, ['Shop API']);
      const [path, id] = fragment.url.slice('/kb/'.length).split('#') as [string, string];
      const html = await readFile(join(site, path, 'index.html'), 'utf8');
      assert.ok(html.includes(` id="${id}"`), `${fragment.url}: the page has the anchor`);
    }
    // What a reader types: a parameter, a model's allowed value.
    assert.match(fragments.get('/kb/api/shop/orders/#listOrders')?.content ?? '', /customer The customer whose orders/);
    assert.match(fragments.get('/kb/api/shop/schemas/#schema-ParcelStatus')?.content ?? '', /WAREHAUSED IN_TRANSIT/);
  });

  test('the build report times the search stage and gives the index’s size', async () => {
    const report = JSON.parse(await readFile(join(outs[0] as string, 'build-report.json'), 'utf8')) as BuildReport;
    assert.ok(report.stages.some((s) => s.stage === 'search'));
    const files = await filesUnder(join(site, 'pagefind'));
    let bytes = 0;
    for (const content of files.values()) bytes += content.length;
    assert.deepEqual(
      { ...report.search, ms: 0 },
      { pages: 5, records: 5, analysed: 10, files: files.size, bytes, ms: 0 },
    );
  });

  test("without Pagefind's program the build fails with one located line, and out/ is left as it was", async () => {
    const out = await tempDir('search-missing');
    const run = await buildWithPagefind('/nonexistent/pagefind', SEARCH_FIXTURE, out);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /^test\/fixtures\/search-site\/site-config\.yaml error \[search-index\] the search index could not be built: \/nonexistent\/pagefind, named by the environment as Pagefind's program, cannot be run$/m,
    );
    assert.doesNotMatch(run.stdout + run.stderr, /\n\s+at /);
    assert.deepEqual([...(await filesUnder(out)).keys()], []);
  });
  test('a Pagefind that stops at once fails the build with one located line and nothing on stderr', async () => {
    const dir = await tempDir('search-stops');
    const program = join(dir, 'pagefind');
    await writeFile(program, '#!/bin/sh\nexit 3\n', { mode: 0o755 });
    const out = join(dir, 'out');
    const run = await buildWithPagefind(program, SEARCH_FIXTURE, out);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /^test\/fixtures\/search-site\/site-config\.yaml error \[search-index\] the search index could not be built: Pagefind's service failed: it stopped \(exit code 3\)$/m,
    );
    assert.equal(run.stderr, '');
    await assert.rejects(access(out), 'nothing was written');
  });

  test('a page Pagefind refuses fails the build with one line located at that page', async () => {
    const dir = await tempDir('search-refuses');
    const program = join(dir, 'pagefind');
    // Speaks Pagefind's service protocol, and refuses the page at /kb/docs/guide/languages/ alone.
    await writeFile(program, REFUSING_PAGEFIND, { mode: 0o755 });
    const out = join(dir, 'out');
    const run = await buildWithPagefind(program, SEARCH_FIXTURE, out);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /^test\/fixtures\/search-site\/content\/docs\/guide\/languages\.mdx:1:1 error \[search-index\] the search index could not take this page: not this one: \/kb\/docs\/guide\/languages\/$/m,
    );
    assert.equal(run.stderr, '');
    await assert.rejects(access(out), 'nothing was written');
  });

  test('a build whose pages all come from the cache takes the index from it too, without starting Pagefind', async () => {
    const dir = await tempDir('search-cached');
    await cp(dirname(SEARCH_FIXTURE), dir, { recursive: true });
    const config = join(dir, basename(SEARCH_FIXTURE));
    const out = join(dir, 'out');
    assert.equal((await runCli(['build', '--config', config, '--out', out])).code, 0);
    const first = await filesUnder(join(out, 'site/pagefind'));
    // The second build is given a "Pagefind" that only leaves a mark that it was started.
    const program = join(dir, 'pagefind');
    await writeFile(program, `#!/bin/sh\ntouch "$0.started"\nexit 1\n`, { mode: 0o755 });
    const again = await buildWithPagefind(program, config, out, { cache: true });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(await filesUnder(join(out, 'site/pagefind')), first);
    await assert.rejects(access(`${program}.started`), 'Pagefind was started');
  });
});

describe('the search index after an edit', () => {
  test('Pagefind reads the edited page alone, and the index is the one a build from scratch writes', async () => {
    const dir = await tempDir('search-edit');
    await cp(dirname(SEARCH_FIXTURE), dir, { recursive: true });
    // Another test's build of the fixture may have left its cache there.
    await rm(join(dir, '.cache'), { recursive: true, force: true });
    const config = join(dir, basename(SEARCH_FIXTURE));
    const out = join(dir, 'out');
    const analysed = async () =>
      (JSON.parse(await readFile(join(out, 'build-report.json'), 'utf8')) as BuildReport).search.analysed;
    const fromScratch = async () => {
      const clean = join(dir, 'clean');
      const run = await runCli(['build', '--no-cache', '--config', config, '--out', clean]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      return filesUnder(join(clean, 'site/pagefind'));
    };
    assert.equal((await runCli(['build', '--config', config, '--out', out])).code, 0);
    assert.equal(await analysed(), 10);

    // One page edited: a word no page had, so that every part of the index may change.
    const intro = join(dir, 'content/docs/intro.mdx');
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nThe zeppelin moorings are inspected at dawn.\n`);
    const edited = await runCli(['build', '--config', config, '--out', out]);
    assert.equal(edited.code, 0, edited.stdout + edited.stderr);
    assert.equal(await analysed(), 1);
    assert.deepEqual(await filesUnder(join(out, 'site/pagefind')), await fromScratch());
    assert.ok((await indexedFragments(join(out, 'site'))).get('/kb/docs/intro/')?.content.includes('zeppelin'));

    // An operation's summary changed in the contract: its record alone is read again.
    const contract = join(dir, 'openapi/shop/1.0.0.yaml');
    const text = await readFile(contract, 'utf8');
    const summary = /summary: (.+)/.exec(text);
    assert.ok(summary);
    await writeFile(contract, text.replace(summary[0], `summary: ${summary[1]} for dirigibles`));
    assert.equal((await runCli(['build', '--config', config, '--out', out])).code, 0);
    assert.equal(await analysed(), 1);
    assert.deepEqual(await filesUnder(join(out, 'site/pagefind')), await fromScratch());

    // The page emptied of its text (its title is all that is left to find): read again alone.
    const page = await readFile(intro, 'utf8');
    await writeFile(intro, page.slice(0, page.indexOf('---', 3) + 3) + '\n');
    const emptied = await runCli(['build', '--config', config, '--out', out]);
    assert.equal(emptied.code, 0, emptied.stdout + emptied.stderr);
    assert.equal(await analysed(), 1);
    assert.deepEqual(await filesUnder(join(out, 'site/pagefind')), await fromScratch());

    // A page deleted: the others are numbered again; only a page whose pager named it changed, and is read again.
    await rm(intro);
    const removed = await runCli(['build', '--config', config, '--out', out]);
    assert.equal(removed.code, 0, removed.stdout + removed.stderr);
    assert.ok((await analysed()) <= 2, `${await analysed()} pages read again`);
    assert.deepEqual(await filesUnder(join(out, 'site/pagefind')), await fromScratch());
  });
});

describe('the search index, page by page', () => {
  test('a page taken again with other HTML after it was sent (the site rendered twice) is indexed as last taken', async () => {
    const config = { baseUrl: '/', i18n: { defaultLocale: 'en' }, configPath: 'site-config.yaml' } as ResolvedConfig;
    const page = (route: string, title: string) =>
      ({ route, display: `content/docs${route}.mdx`, frontMatter: { title, search: true } }) as unknown as CompiledPage;
    const html = (text: string) =>
      `<!DOCTYPE html><html><body><nav>Sidebar</nav><main id="main-content"><div data-pagefind-body="">${text}</div></main><footer>Footer</footer></body></html>`;
    const search = new SiteSearch(
      config,
      { docs: [page('/a/', 'A'), page('/b/', 'B')], pages: [], posts: [] },
      BuildCache.disabled(),
    );
    search.take('site/a/index.html', html('<p>first wording</p>'));
    search.take('site/b/index.html', html('<p>unchanged words</p>'));
    search.take('site/a/index.html', html('<p>second wording</p>'));
    const result = await search.finish(EMPTY_REFERENCE);
    assert.ok(result.ok);
    const out = await tempDir('search-twice');
    for (const [path, bytes] of result.files) {
      await mkdir(dirname(join(out, path)), { recursive: true });
      await writeFile(join(out, path), bytes);
    }
    const fragments = await indexedFragments(join(out, 'site'));
    assert.deepEqual([...fragments.values()].map((f) => `${f.url} ${f.content}`).sort(), [
      // Pagefind ends each block's text as a sentence.
      '/a/ second wording.',
      '/b/ unchanged words.',
    ]);
  });
});

/** Two docs pages, /a/ and /b/, as the page-by-page tests below take them. */
const config = { baseUrl: '/', i18n: { defaultLocale: 'en' }, configPath: 'site-config.yaml' } as ResolvedConfig;
const page = (route: string, title: string) =>
  ({ route, display: `content/docs${route}.mdx`, frontMatter: { title, search: true } }) as unknown as CompiledPage;
const html = (text: string) =>
  `<!DOCTYPE html><html><body><main id="main-content"><div data-pagefind-body="">${text}</div></main></body></html>`;
const pages = { docs: [page('/a/', 'A'), page('/b/', 'B')], pages: [], posts: [] };

describe('the search index after an edit, page by page', () => {
  const indexOf = async (cache: BuildCache, a: string, fresh: boolean) => {
    const search = new SiteSearch(config, pages, cache);
    search.take('site/a/index.html', html(a), true);
    search.take('site/b/index.html', html('<p>second page</p>'), fresh);
    const result = await search.finish(EMPTY_REFERENCE);
    assert.ok(result.ok);
    return result;
  };

  test('is written from the last index and the edited page, or whole when the last index cannot be read back', async () => {
    const cache = BuildCache.at(await tempDir('search-kept'));
    assert.equal((await indexOf(cache, '<p>first page</p>', true)).report.analysed, 2);
    const edited = await indexOf(cache, '<p>first page, edited</p>', false);
    assert.equal(edited.report.analysed, 1, 'Pagefind read the edited page alone');
    const fromScratch = await indexOf(BuildCache.disabled(), '<p>first page, edited</p>', true);
    assert.deepEqual([...edited.files], [...fromScratch.files]);

    // The last index's files spoilt, the keys of its pages left as they were.
    const key = storeKey(cache, 'en', '/');
    const kept = await cache.get<IndexStore>('search-units', key);
    assert.ok(kept);
    const spoilt = kept.files.map(([path]): [string, Uint8Array] => [path, new Uint8Array([1, 2, 3])]);
    await cache.set('search-units', key, { ...kept, files: spoilt });
    const again = await indexOf(cache, '<p>first page, edited twice</p>', false);
    assert.equal(again.report.analysed, 2, 'Pagefind read every page');
    const twiceFromScratch = await indexOf(BuildCache.disabled(), '<p>first page, edited twice</p>', true);
    assert.deepEqual([...again.files], [...twiceFromScratch.files]);
  });
});

describe('the search index begun while the site renders', () => {
  async function indexed(result: Awaited<ReturnType<SiteSearch['finish']>>): Promise<string[]> {
    assert.ok(result.ok);
    const out = await tempDir('search-early');
    for (const [path, bytes] of result.files) {
      await mkdir(dirname(join(out, path)), { recursive: true });
      await writeFile(join(out, path), bytes);
    }
    return [...(await indexedFragments(join(out, 'site'))).values()].map((f) => `${f.url} ${f.content}`).sort();
  }

  test('begun as soon as every page is in, it is the index made at the end, byte for byte', async () => {
    const atTheEnd = new SiteSearch(config, pages, BuildCache.disabled());
    atTheEnd.take('site/a/index.html', html('<p>first page</p>'), true);
    atTheEnd.take('site/b/index.html', html('<p>second page</p>'), true);
    const late = await atTheEnd.finish(EMPTY_REFERENCE);
    assert.equal(atTheEnd.begunEarly, false);

    const early = new SiteSearch(config, pages, BuildCache.disabled());
    early.expect(EMPTY_REFERENCE);
    early.take('site/b/index.html', html('<p>second page</p>'), true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(early.begunEarly, false, 'not while a page is missing');
    early.take('site/a/index.html', html('<p>first page</p>'), true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(early.begunEarly, true);
    const result = await early.finish(EMPTY_REFERENCE);
    assert.ok(result.ok && late.ok);
    assert.deepEqual([...result.files], [...late.files]);
    assert.deepEqual(await indexed(result), ['/a/ first page.', '/b/ second page.']);
  });

  test('a page taken again with other HTML after it was begun is indexed as last taken', async () => {
    const search = new SiteSearch(config, pages, BuildCache.disabled());
    search.expect(EMPTY_REFERENCE);
    search.take('site/a/index.html', html('<p>first wording</p>'), true);
    search.take('site/b/index.html', html('<p>unchanged words</p>'), true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(search.begunEarly, true);
    search.take('site/a/index.html', html('<p>second wording</p>'), true);
    assert.deepEqual(await indexed(await search.finish(EMPTY_REFERENCE)), [
      '/a/ second wording.',
      '/b/ unchanged words.',
    ]);
  });
});

/** `specsite build` with `program` named as Pagefind's by the environment, as a user can name it. */
async function buildWithPagefind(program: string, config: string, out: string, { cache = false } = {}) {
  const saved = process.env.PAGEFIND_EXTENDED_BINARY_PATH;
  process.env.PAGEFIND_EXTENDED_BINARY_PATH = program;
  try {
    return await runCli(['build', ...(cache ? [] : ['--no-cache']), '--config', config, '--out', out]);
  } finally {
    if (saved === undefined) delete process.env.PAGEFIND_EXTENDED_BINARY_PATH;
    else process.env.PAGEFIND_EXTENDED_BINARY_PATH = saved;
  }
}

/** A Pagefind service that answers every request as Pagefind does, but refuses one page. */
const REFUSING_PAGEFIND = `#!/usr/bin/env node
let received = '';
process.stdin.setEncoding('latin1');
process.stdin.on('data', (chunk) => {
  received += chunk;
  for (let end = received.indexOf(','); end !== -1; end = received.indexOf(',')) {
    const { message_id, payload } = JSON.parse(Buffer.from(received.slice(0, end), 'base64').toString('utf8'));
    received = received.slice(end + 1);
    const answer =
      payload.type === 'NewIndex'
        ? { type: 'NewIndex', index_id: 1 }
        : payload.type === 'AddFile' && payload.url === '/kb/docs/guide/languages/'
          ? { type: 'Error', message: 'not this one: ' + payload.url }
          : payload.type === 'GetFiles'
            ? { type: 'Error', message: 'the index was asked for' }
            : { type: payload.type === 'AddFile' ? 'IndexedFile' : 'IndexedRecord' };
    process.stdout.write(Buffer.from(JSON.stringify({ message_id, payload: answer })).toString('base64') + ',');
  }
});
`;
