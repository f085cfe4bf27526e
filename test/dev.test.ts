import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dev, type DevBuildEvent } from '../generator/commands/dev.js';
import { withBrowser } from './browser.js';
import { tempDir } from './helpers.js';

/** A small project of its own for each run: the watcher sees real files change on disk. */
async function makeProject(): Promise<string> {
  const root = await tempDir('dev');
  await mkdir(join(root, 'content/docs'), { recursive: true });
  await mkdir(join(root, 'openapi/shop'), { recursive: true });
  await writeFile(
    join(root, 'site-config.yaml'),
    'title: Dev Fixture\nurl: https://dev.example\nbaseUrl: /kb/\nnavbar:\n  items:\n    - { type: docSidebar, label: Docs }\napis:\n  - { id: shop }\n',
  );
  await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('List the items'));
  await writeFile(join(root, 'content/docs/index.mdx'), page('Introduction', 'The first words of the introduction.'));
  await writeFile(join(root, 'content/docs/guide.mdx'), page('Guide', 'How to use the shop.'));
  return root;
}

function page(title: string, body: string): string {
  return `---\ntitle: ${title}\ndescription: The ${title.toLowerCase()} page of the dev fixture.\n---\n\n## About\n\n${body}\n`;
}

function contract(summary: string): string {
  return `openapi: 3.1.0\ninfo: { title: Shop, version: 1.0.0 }\npaths:\n  /items:\n    get:\n      operationId: listItems\n      summary: ${summary}\n      responses:\n        '200': { description: The items. }\n`;
}

/** The server-sent events a page listens to, as a test reads them. */
class BuildEvents {
  private readonly seen: Array<{ id: number; ok: boolean; problems: string[] }> = [];
  private readonly waiters: Array<() => void> = [];
  private response: IncomingMessage | undefined;

  static async open(url: string): Promise<BuildEvents> {
    const events = new BuildEvents();
    await new Promise<void>((ready, failed) => {
      get(url, (response) => {
        events.response = response;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (data) events.seen.push(JSON.parse(data) as BuildEvents['seen'][number]);
            for (const wake of events.waiters.splice(0)) wake();
          }
        });
        ready();
      }).on('error', failed);
    });
    return events;
  }

  /** The first event after the `after`-th that satisfies `wanted`. */
  async next(
    after: number,
    wanted: (event: BuildEvents['seen'][number]) => boolean,
    timeoutMs = 20_000,
  ): Promise<BuildEvents['seen'][number]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.seen.slice(after).find(wanted);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such build event; saw ${JSON.stringify(this.seen)}`);
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
  }

  get count(): number {
    return this.seen.length;
  }

  close(): void {
    this.response?.destroy();
  }
}

async function fetchText(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('specsite dev', () => {
  let root: string;
  let url: string;
  let origin: string;
  let close: () => Promise<void>;
  let events: BuildEvents;
  const builds: DevBuildEvent[] = [];

  before(async () => {
    root = await makeProject();
    const started = await dev({
      config: join(root, 'site-config.yaml'),
      out: join(root, 'out'),
      strict: false,
      port: 0,
      host: '127.0.0.1',
      onBuild: (event) => builds.push(event),
    });
    assert.ok(started.ok, 'dev started');
    ({ url, close } = started);
    origin = new URL(url).origin;
    events = await BuildEvents.open(`${origin}/__specsite/events`);
  });

  after(async () => {
    events.close();
    await close();
    await rm(root, { recursive: true, force: true });
  });

  test('serves the built site from memory under its base URL, each page with the live-reload script', async () => {
    const intro = await fetchText(`${url}docs/`);
    assert.equal(intro.status, 200);
    assert.match(intro.text, /The first words of the introduction\./);
    assert.match(
      intro.text,
      /<script src="\/__specsite\/live-reload\.js" data-build="1" data-events="\/__specsite\/events"><\/script><\/body>/,
    );
    assert.equal((await fetchText(`${url}api/shop/`)).status, 200);
    assert.equal((await fetchText(`${url}no/such/page/`)).status, 404);
    assert.equal(builds[0]?.ok, true);
    assert.deepEqual(builds[0]?.changed, []);
    // Nothing is written: dev serves from memory and leaves out/ to `specsite build`.
    await assert.rejects(readFile(join(root, 'out/site/index.html')));
  });

  test('an edit to a page renders that page alone, and pages are told to reload', async (t) => {
    const before = events.count;
    const buildsBefore = builds.length;
    await writeFile(join(root, 'content/docs/guide.mdx'), page('Guide', 'How to use the shop, edited.'));
    const event = await events.next(before, (e) => e.ok && e.id === 2);
    assert.deepEqual(event.problems, []);
    const build = builds[buildsBefore] as DevBuildEvent;
    assert.deepEqual(
      build.changed.map((path) => path.split('/').slice(-3).join('/')),
      ['content/docs/guide.mdx'],
    );
    assert.equal(build.rendered, 1);
    t.diagnostic(`one page edited: rebuilt in ${Math.round(build.ms)} ms`);
    const guide = await fetchText(`${url}docs/guide/`);
    assert.match(guide.text, /How to use the shop, edited\./);
    assert.match(guide.text, /data-build="2"/);
  });

  test("a new page is served, and every page's sidebar lists it", async () => {
    const before = events.count;
    await writeFile(join(root, 'content/docs/faq.mdx'), page('Questions', 'Asked often.'));
    const event = await events.next(before, (e) => e.ok);
    const faq = await fetchText(`${url}docs/faq/`);
    assert.equal(faq.status, 200);
    assert.match(faq.text, /Asked often\./);
    assert.match((await fetchText(`${url}docs/`)).text, /href="\/kb\/docs\/faq\/"/);
    assert.equal(builds.at(-1)?.rendered, (builds[0] as DevBuildEvent).rendered + 1);
    assert.ok(event.id > 2);
  });

  test('a deleted page is gone (404) and leaves the sidebar', async () => {
    const before = events.count;
    await rm(join(root, 'content/docs/faq.mdx'));
    await events.next(before, (e) => e.ok);
    assert.equal((await fetchText(`${url}docs/faq/`)).status, 404);
    assert.doesNotMatch((await fetchText(`${url}docs/`)).text, /docs\/faq\//);
  });

  test('a broken page: its located error in the terminal and the browser, the last good site still served, then recovery', async () => {
    const good = await fetchText(`${url}docs/guide/`);
    const before = events.count;
    await writeFile(join(root, 'content/docs/guide.mdx'), `${page('Guide', 'Broken now.')}\n<Unclosed\n`);
    const failed = await events.next(before, (e) => !e.ok);
    assert.equal(failed.problems.length, 1);
    assert.match(failed.problems[0] as string, /content\/docs\/guide\.mdx:11:1 error \[mdx-syntax\] /);
    const terminal = builds.at(-1) as DevBuildEvent;
    assert.equal(terminal.ok, false);
    assert.deepEqual(
      terminal.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.rule}`),
      ['11:1 mdx-syntax'],
    );
    // The page as it was before the break, under the same build number.
    assert.equal((await fetchText(`${url}docs/guide/`)).text, good.text);

    const broken = events.count;
    await writeFile(join(root, 'content/docs/guide.mdx'), page('Guide', 'Mended.'));
    const mended = await events.next(broken, (e) => e.ok);
    assert.ok(mended.id > failed.id);
    assert.match((await fetchText(`${url}docs/guide/`)).text, /Mended\./);
  });

  test('a changed contract rebuilds its reference page', async () => {
    const before = events.count;
    await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('List every item in the shop'));
    await events.next(before, (e) => e.ok);
    assert.match((await fetchText(`${url}api/shop/`)).text, /List every item in the shop/);
  });

  test('the search index follows an edit to a page: its new words are found, its old ones no longer', async () => {
    const before = events.count;
    const buildsBefore = builds.length;
    await writeFile(join(root, 'content/docs/guide.mdx'), page('Guide', 'The quokkaphone is tuned here.'));
    await events.next(before, (e) => e.ok);
    // The edit took the quick way (that page alone rendered), and the index was built again with it.
    assert.equal(builds[buildsBefore]?.rendered, 1);
    await withBrowser(async (browser) => {
      const tab = await browser.newPage();
      await tab.goto(`${url}docs/`);
      await tab.waitForSelector('.navbar [data-search-button]:not([disabled])');
      await tab.keyboard.press('/');
      const answer = async (query: string): Promise<string[]> => {
        await tab.fill('.search-dialog-input', query);
        await tab.waitForFunction(
          (q) =>
            (document.querySelector('.search-dialog-input') as HTMLInputElement).value === q &&
            (document.querySelector('.search-results:not([aria-busy="true"])') !== null ||
              /^No results/.test(document.querySelector('.search-dialog [role="status"]')?.textContent ?? '')),
          query,
          { timeout: 10_000 },
        );
        return tab.$$eval('.search-hit', (hits) => hits.map((hit) => hit.getAttribute('href') ?? ''));
      };
      assert.deepEqual(await answer('quokkaphone'), ['/kb/docs/guide/', '/kb/docs/guide/#about']);
      assert.deepEqual(await answer('mended'), []);
    });
  });

  test('in Chromium, a saved edit reloads the open page by itself, and a broken build shows its problems over it', async (t) => {
    await withBrowser(async (browser) => {
      const tab = await browser.newPage();
      await tab.goto(`${url}docs/guide/`);
      // The page has its event stream open before anything is saved.
      await tab.locator('script[data-build][data-connected]').waitFor({ state: 'attached' });
      // An edit that keeps the stylesheet, script and navigation swaps the page's content in place.
      await tab.evaluate(() => Object.assign(window, { sameDocument: true }));
      const saved = Date.now();
      await writeFile(join(root, 'content/docs/guide.mdx'), page('Guide', 'Seen in the browser.'));
      await tab.getByText('Seen in the browser.').waitFor({ timeout: 20_000 });
      t.diagnostic(`save to visible in Chromium: ${Date.now() - saved} ms`);
      assert.equal(await tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);

      await writeFile(join(root, 'content/docs/guide.mdx'), `${page('Guide', 'Seen in the browser.')}\n<Unclosed\n`);
      const overlay = tab.locator('#specsite-dev-problems');
      await overlay.waitFor({ timeout: 20_000 });
      assert.match((await overlay.textContent()) ?? '', /content\/docs\/guide\.mdx:11:1 error \[mdx-syntax\]/);
      assert.equal(
        await tab.getByText('Seen in the browser.').count(),
        1,
        'the last good page stays under the overlay',
      );

      await writeFile(join(root, 'content/docs/guide.mdx'), page('Guide', 'Fixed in the browser.'));
      await tab.getByText('Fixed in the browser.').waitFor({ timeout: 20_000 });
      assert.equal(await overlay.count(), 0);

      // A new page changes every page's sidebar: the open page loads afresh and lists it.
      await writeFile(join(root, 'content/docs/later.mdx'), page('Later', 'Added while the page was open.'));
      await tab.locator('.docs-sidebar a[href="/kb/docs/later/"]').waitFor({ timeout: 20_000 });
      assert.equal(await tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), undefined);
    });
  });
});
