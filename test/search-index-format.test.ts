import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { searchDocument, withoutCodeColours } from '../generator/search/page-body.js';
import { openPagefind, type PagefindSession } from '../generator/search/pagefind.js';
import { readIndex, SIGNATURE, type BundleFile } from '../generator/search/pagefind-index/read.js';
import { itemKey, type IndexItem, type IndexStore } from '../generator/search/pagefind-index/store.js';
import { splicedIndex } from '../generator/search/pagefind-index/splice.js';
import type { IndexCommon, IndexedUnit } from '../generator/search/pagefind-index/unit.js';
import { sortedByCodePoint } from '../generator/search/pagefind-index/hash.js';
import { rewriteIndex, writeIndex } from '../generator/search/pagefind-index/write.js';

// The search index is written from pages Pagefind analysed at different times (an edit sends it the
// edited page alone). That index must be the one Pagefind writes for all of them at once: the same
// file names and contents, so that a build after an edit is byte for byte a build from scratch.

const words = (n: number, seed: number): string =>
  Array.from(
    { length: n },
    (_, i) =>
      ['bucket', 'tenant', 'rollback', 'enrich', 'datasource', 'chunk', 'token'][(i * seed) % 7] +
      String((i * 31 + seed) % 97),
  ).join(' ');

function page(url: string, title: string, seed: number): IndexItem {
  const main = [
    `<main id="main"><div class="markdown" data-pagefind-body="">`,
    `<h1 id="top">${title}</h1><p>${words(120, seed)}</p>`,
    `<h2 id="setup">Set up the ${title.toLowerCase()}</h2><p>${words(60, seed + 1)} émigré naïve 東京 🚀 a_b_c</p>`,
    `<pre><code><span style="color:#000">kubectl apply -f ${title}.yaml</span></code></pre>`,
    `<h3 id="more">More</h3><p data-pagefind-weight="3">${words(20, seed + 2)}</p>`,
    `</div></main>`,
  ].join('');
  return { kind: 'page', url, content: searchDocument('en', title, main) };
}

function record(url: string, title: string, service: string, operationId: string | undefined, seed: number): IndexItem {
  const meta: Record<string, string> = { title, kind: operationId ? 'Operation' : 'Model', service };
  if (operationId) meta.operationId = operationId;
  return {
    kind: 'record',
    url,
    content: `${title}. ${words(40, seed)}. Invalid or expired token. 401 404.`,
    meta,
    filters: { kind: ['API reference'], service: [service] },
  };
}

const ITEMS: IndexItem[] = [
  page('/docs/a/', 'Install', 1),
  page('/docs/b/', 'Buckets', 2),
  page('/docs/c/', 'Tenants', 3),
  page('/docs/d/', 'Rollback', 5),
  ...Array.from({ length: 40 }, (_, i) =>
    record(
      `/api/x/#op${i}`,
      `GET /x/${i} — Item ${i}`,
      i % 3 ? 'Searcher API' : 'RAG API',
      i % 4 ? `op${i}` : undefined,
      i + 7,
    ),
  ),
];

const sessions: PagefindSession[] = [];
after(async () => {
  for (const session of sessions) await session.close();
});

/** Pagefind's own index of `items`, in order. */
async function pagefind(items: readonly IndexItem[]): Promise<BundleFile[]> {
  const session = await openPagefind('en');
  sessions.push(session);
  for (const item of items)
    if (item.kind === 'page') await session.addPage({ url: item.url, content: item.content });
    else await session.addRecord({ ...item, language: 'en' });
  return session.files();
}

/** An index's pages and what every index holds (an index of no pages has none of the latter). */
function wholeIndex(files: readonly BundleFile[]): { units: IndexedUnit[]; common: IndexCommon } {
  const { units, common } = readIndex(files, 'en');
  assert.ok(common, 'the index has pages');
  return { units, common };
}

/** The files a site publishes (Pagefind's interfaces aside), by path. */
function published(files: Iterable<BundleFile> | Map<string, Uint8Array>): Map<string, Buffer> {
  const list = files instanceof Map ? [...files].map(([path, content]) => ({ path, content })) : [...files];
  return new Map(
    list
      .filter((file) =>
        /^(pagefind\.js|pagefind-entry\.json|wasm\.en\.pagefind|pagefind\..*\.pf_meta|(index|fragment|filter)\/.*)$/.test(
          file.path,
        ),
      )
      .map((file) => [file.path, Buffer.from(file.content)]),
  );
}

/** A compressed file's content, for comparing what Pagefind compressed with what Node did. */
function content(path: string, bytes: Buffer): string {
  if (!/\.pf_(meta|index|filter|fragment)$/.test(path)) return bytes.toString('base64');
  const raw = gunzipSync(bytes);
  assert.equal(raw.subarray(0, SIGNATURE.length).toString(), SIGNATURE, path);
  return raw.toString('base64');
}

describe('the search index written from pages analysed apart', () => {
  test('is Pagefind’s own index of all of them: the same names and contents', async () => {
    const whole = await pagefind(ITEMS);
    const theirs = published(whole);
    const { units, common } = wholeIndex(whole);
    assert.equal(units.length, ITEMS.length);
    assert.deepEqual(
      units.map((unit) => unit.url),
      ITEMS.map((item) => item.url),
    );
    const ours = published(writeIndex(units, common, 'en'));
    assert.deepEqual([...ours.keys()].sort(), [...theirs.keys()].sort());
    for (const [path, bytes] of theirs)
      assert.equal(content(path, ours.get(path) as Buffer), content(path, bytes), path);
    // Pagefind's compressed files rewritten are the same bytes as written from the pages.
    const rewritten = published(rewriteIndex(whole));
    assert.deepEqual([...rewritten.keys()].sort(), [...ours.keys()].sort());
    for (const [path, bytes] of ours) assert.ok(bytes.equals(rewritten.get(path) as Buffer), path);
  });

  test('pages analysed one by one, or in two halves, give the same bytes as all at once', async () => {
    const whole = await pagefind(ITEMS);
    const expected = published(rewriteIndex(whole));
    const alone = [];
    for (const item of ITEMS.slice(0, 8)) alone.push(...readIndex(await pagefind([item]), 'en').units);
    const rest = wholeIndex(await pagefind(ITEMS.slice(8)));
    const merged = published(writeIndex([...alone, ...rest.units], rest.common, 'en'));
    assert.deepEqual([...merged.keys()].sort(), [...expected.keys()].sort());
    for (const [path, bytes] of expected) assert.ok(bytes.equals(merged.get(path) as Buffer), path);
  });

  test('so do many spellings of the same words, over several chunks of the word index', async () => {
    // Words with and without diacritics (`café`, `cafe`, `cafè`) are one word of the index with
    // variants, which count towards where a chunk ends.
    const spelling = (i: number, page: number) =>
      [`cafe${i}`, `café${i}`, `cafè${i}`, `Émigré${i}`, `naïve${i}`][(i + page) % 5] as string;
    const items: IndexItem[] = Array.from({ length: 5 }, (_, page) => ({
      kind: 'page',
      url: `/docs/p${page}/`,
      content: searchDocument(
        'en',
        `Page ${page}`,
        `<main><div data-pagefind-body=""><p>${Array.from({ length: 1500 }, (_, i) => `${spelling(i, page)} ${spelling(i * 7, page + 1)}`).join(' ')}</p></div></main>`,
      ),
    }));
    const whole = await pagefind(items);
    const chunks = [...published(whole).keys()].filter((path) => path.startsWith('index/'));
    assert.ok(chunks.length >= 3, `${chunks.length} chunks`);
    const expected = published(rewriteIndex(whole));
    const alone = [];
    for (const item of items) alone.push(...readIndex(await pagefind([item]), 'en').units);
    const merged = published(writeIndex(alone, wholeIndex(whole).common, 'en'));
    assert.deepEqual([...merged.keys()].sort(), [...expected.keys()].sort());
    for (const [path, bytes] of expected) assert.ok(bytes.equals(merged.get(path) as Buffer), path);
  });

  test('an index read back and written again is the same bytes, and reads its pages back', async () => {
    const index = rewriteIndex(await pagefind(ITEMS));
    const again = wholeIndex(index);
    const written = published(writeIndex(again.units, again.common, 'en'));
    for (const file of published(index)) assert.ok(file[1].equals(written.get(file[0]) as Buffer), file[0]);
    // A page's words stay its own: the Rollback page has "rollback" in its title's field and text.
    const rollback = again.units.find((unit) => unit.url === '/docs/d/');
    assert.ok(rollback?.words.some(([word, own]) => word === 'rollback' && own !== null && own[1].length > 0));
    assert.deepEqual(rollback?.metaFields, ['title']);
  });

  test('a word chunk written again as it was is not compressed again, and the index is the same bytes', async () => {
    const index = rewriteIndex(await pagefind(ITEMS));
    const before = readIndex(index, 'en');
    assert.ok(before.common && before.chunks.size > 0);
    const files = new Map(index.map((file) => [file.path, file.content]));
    // The same pages: every chunk is the file written before, not another compression of it.
    const again = writeIndex(before.units, before.common, 'en', before.chunks);
    for (const [path, content] of again)
      if (path.startsWith('index/')) assert.equal(content, files.get(path), `${path} is the file written before`);
    // A page gone: its chunks change, and the index is the one written without the chunks before.
    const fewer = before.units.filter((unit) => unit.url !== '/docs/b/');
    const reused = writeIndex(fewer, before.common, 'en', before.chunks);
    const fresh = writeIndex(fewer, before.common, 'en');
    assert.deepEqual([...reused.keys()], [...fresh.keys()]);
    for (const [path, content] of fresh) assert.ok(Buffer.from(content).equals(reused.get(path) as Uint8Array), path);
    assert.ok(
      [...reused].some(
        ([path, content]) => path.startsWith('index/') && !files.has(path) && content !== files.get(path),
      ),
      'a chunk that changed is written anew',
    );
  });

  test('an edit that keeps every page in its place is written from the last index and the changed pages alone, the same bytes', async () => {
    const before = rewriteIndex(await pagefind(ITEMS));
    const store: IndexStore = {
      items: ITEMS.map((item) => [itemKey(item), item.url]),
      files: before.map((file) => [file.path, file.content]),
    };
    const edited = (items: IndexItem[], edits: Record<number, (content: string) => string>): IndexItem[] =>
      items.map((item, i) =>
        edits[i] ? { ...item, content: (edits[i] as (c: string) => string)(item.content) } : item,
      );
    const cases: Array<[string, IndexItem[]]> = [
      // A page with a word no page had, and without one it had.
      ['a page', edited(ITEMS, { 1: (c) => c.replace('Set up', 'Zeppelins moored, set up').replace('More', 'Less') })],
      ['a record', edited(ITEMS, { 9: (c) => `${c} Dirigible.` })],
      [
        'a page and records',
        edited(ITEMS, { 0: (c) => c.replace('kubectl', 'helm'), 5: (c) => `${c} x`, 30: (c) => c.slice(0, 40) }),
      ],
      // The first page to spell "émigré" so spells it no more: another spelling now comes first.
      ['the first spelling', edited(ITEMS, { 0: (c) => c.replace('émigré', 'emigre émigrè') })],
    ];
    for (const [what, items] of cases) {
      const changed = items.filter((item, i) => itemKey(item) !== store.items[i]?.[0]);
      const spliced = splicedIndex(
        store,
        items.map((item) => [itemKey(item), item.url]),
        await pagefind(changed),
        'en',
      );
      assert.ok(spliced, `${what}: spliced`);
      const expected = published(rewriteIndex(await pagefind(items)));
      const ours = published(spliced);
      assert.deepEqual([...ours.keys()].sort(), [...expected.keys()].sort(), what);
      for (const [path, bytes] of expected) assert.ok(bytes.equals(ours.get(path) as Buffer), `${what}: ${path}`);
    }
    // Not that simple: a record that gains a meta field, a page moved, a page gone.
    const gained = ITEMS.map((item, i) =>
      i === 4 && item.kind === 'record' ? { ...item, meta: { ...item.meta, extra: 'x' } } : item,
    );
    const analysedGained = await pagefind([gained[4] as IndexItem]);
    assert.equal(
      splicedIndex(
        store,
        gained.map((item) => [itemKey(item), item.url]),
        analysedGained,
        'en',
      ),
      undefined,
    );
    const moved = [ITEMS[1], ITEMS[0], ...ITEMS.slice(2)] as IndexItem[];
    assert.equal(
      splicedIndex(
        store,
        moved.map((item) => [itemKey(item), item.url]),
        [],
        'en',
      ),
      undefined,
    );
    assert.equal(
      splicedIndex(
        store,
        ITEMS.slice(1).map((item) => [itemKey(item), item.url]),
        [],
        'en',
      ),
      undefined,
    );
  });

  test('words are in code point order, as Pagefind sorts them, also past the Basic Multilingual Plane', () => {
    // UTF-16 puts 𠀀 (U+20000, a surrogate pair) before ｱ (U+FF71); code points, and Pagefind, after.
    assert.deepEqual(sortedByCodePoint(['\u{20000}', 'b', '\uff71', 'a']), ['a', 'b', '\uff71', '\u{20000}']);
    assert.deepEqual(sortedByCodePoint(['b', 'é', 'a']), ['a', 'b', 'é']);
  });

  test('a code block sent without its colours is indexed as the page renders it', async () => {
    const block = [
      '<pre class="shiki shiki-themes github-light github-dark" style="color:#24292e" tabindex="0"><code>',
      '<span class="line"><span style="color:#6F42C1">kube</span><span style="color:#005CC5">ctl</span><span style="color:#24292E"> apply -f bucket.yaml</span></span>\n',
      '<span class="line"><span style="color:#D73A49">export</span><span style="color:#24292E"> TOKEN=</span><span style="color:#032F62">&quot;émigré&quot;</span></span>',
      '</code></pre>',
    ].join('');
    const main = `<main><div data-pagefind-body=""><h1 id="a">Deploy</h1><p>Run <code>kubectl</code>:</p>${block}<p>Then <span class="badge">GET</span>rest.</p></div></main>`;
    const stripped = withoutCodeColours(main);
    assert.ok(!/<span/.test(/<pre[\s\S]*<\/pre>/.exec(stripped)?.[0] ?? '<span'), 'the block has no spans left');
    assert.match(stripped, /<span class="badge">GET<\/span>rest/);
    const as = async (body: string) =>
      published(
        rewriteIndex(
          await pagefind([{ kind: 'page', url: '/docs/deploy/', content: searchDocument('en', 'Deploy', body) }]),
        ),
      );
    const [rendered, sent] = await Promise.all([as(main), as(stripped)]);
    assert.deepEqual([...sent.keys()].sort(), [...rendered.keys()].sort());
    for (const [path, bytes] of rendered) assert.ok(bytes.equals(sent.get(path) as Buffer), path);
  });

  test('a page with nothing to index, analysed alone, is an index of no pages, not an error', async () => {
    const empty = await pagefind([
      {
        kind: 'page',
        url: '/docs/empty/',
        content: searchDocument('en', 'Empty', '<main><div data-pagefind-body=""></div></main>'),
      },
    ]);
    assert.deepEqual(readIndex(empty, 'en'), { units: [], common: undefined, chunks: new Map() });
  });

  test('what is not Pagefind’s format as this code knows it is refused, not guessed at', async () => {
    const index = rewriteIndex(await pagefind(ITEMS.slice(0, 2)));
    const entry = index.find((file) => file.path === 'pagefind-entry.json') as BundleFile;
    const broken = index.map((file) =>
      file === entry
        ? {
            ...file,
            content: Buffer.from(
              Buffer.from(file.content)
                .toString()
                .replace(/"hash":"[^"]*"/, '"hash":"en_0"'),
            ),
          }
        : file,
    );
    assert.throws(() => readIndex(broken, 'en'), /not in the format this version of specsite reads/);
    assert.throws(() => readIndex(index, 'de'), /no index of the language de/);
  });
});
