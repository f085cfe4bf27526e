import assert from 'node:assert/strict';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { openContract, validateContract } from '../generator/contracts/validate.js';
import { generateTypes } from '../generator/types/index.js';
import { Background, IN_FLIGHT } from '../generator/workers/background.js';
import { THREAD_NICENESS } from '../generator/workers/priority.js';
import type { ChecksRequest } from '../generator/contracts/thread-tasks.js';
import type { TypesRequest } from '../generator/types/thread-tasks.js';
import type { CodeRequest } from '../generator/content/code-colours.js';
import type { ColourRequest } from '../generator/render/api/samples/colours.js';
import { handleRequest } from '../generator/thread-tasks.js';
import { expectRequest, settleRequest } from '../generator/workers/thread-state.js';
import { build } from '../generator/commands/build.js';
import { normalizeDiagnostics, type Diagnostic } from '../generator/diagnostics/diagnostic.js';
import type { ServiceTypes } from '../generator/types/service-types.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { ROOT, tempDir } from './helpers.js';

const MISMATCH = join(ROOT, 'test/fixtures/rules/example-mismatch.yaml');
const SEARCHER = join(ROOT, 'openapi/searcher');

async function copyOf(file: string): Promise<string> {
  const path = join(await tempDir('background'), 'api.yaml');
  await copyFile(file, path);
  return path;
}

describe("the build's second thread", () => {
  test('checks done on the second thread find what checks done here find', async () => {
    const expected = await validateContract(MISMATCH);
    const background = Background.threaded();
    try {
      const opened = await openContract(MISMATCH, {}, BuildCache.disabled(), background);
      assert.deepEqual(await opened.diagnostics, expected.diagnostics);
      assert.ok(expected.diagnostics.some((d) => d.rule === 'example-valid'));
      // Not done here instead: a thread that cannot start, dies or answers `stale` leaves the work to this one.
      assert.equal(background.usedSecondThread, true, 'the second thread did the checks');
    } finally {
      await background.close();
    }
  });

  test('types generated on the second thread are the ones generated here', async () => {
    const { readdirSync } = await import('node:fs');
    const file = join(SEARCHER, readdirSync(SEARCHER).sort().at(-1) as string);
    const { contract } = await validateContract(file);
    assert.ok(contract);
    const input = {
      apis: [{ api: { id: 'searcher' } as never, versions: [{ version: '1.0.0', contract }] }],
      packageName: 'types',
      packageVersion: undefined,
      schemaIdBase: 'http://localhost/schemas/',
      rules: {},
      verify: false,
    };
    const here = await generateTypes(input);
    const background = Background.threaded();
    try {
      const there = await generateTypes({ ...input, background });
      assert.deepEqual([...there.files], [...here.files]);
      assert.match(there.files.get('types/searcher.d.ts') ?? '', /export interface paths/);
      // Not done here instead: a thread that cannot start, dies or answers `stale` leaves the work to this one.
      assert.equal(background.usedSecondThread, true, 'the second thread generated the types');
    } finally {
      await background.close();
    }
  });

  test('a contract edited after the build read it is judged as the build read it', async () => {
    const path = await copyOf(MISMATCH);
    const background = Background.threaded();
    try {
      // The worker is started (and busy loading its modules) before the edit, so the request it reads is the edited file.
      const first = await openContract(path, {}, BuildCache.disabled(), background);
      await writeFile(path, (await readFile(path, 'utf8')).replace('id: seven', 'id: 7'));
      const found = await first.diagnostics;
      assert.deepEqual(
        found.filter((d) => d.rule === 'example-valid').map((d) => `${d.line}:${d.column} ${d.message}`),
        ['19:17 example does not match its schema (/components/schemas/Item): `id` must be integer'],
      );
      // The edited file, opened again, has nothing to find.
      const second = await openContract(path, {}, BuildCache.disabled(), background);
      assert.deepEqual(
        (await second.diagnostics).filter((d) => d.rule === 'example-valid'),
        [],
      );
    } finally {
      await background.close();
    }
  });

  test('work the thread has not started is done here when the build would otherwise wait', async () => {
    const { contract } = await validateContract(MISMATCH);
    assert.ok(contract);
    const background = Background.threaded();
    try {
      // Requests the thread could answer, whose answers differ from what this thread gives.
      const results = [1, 2, 3].map((n) =>
        background.run({ kind: 'checks', path: MISMATCH, identity: contract.sources.identity() }, async () => [
          { file: 'here', line: n, column: 1, severity: 'warning', rule: 'r', message: 'done here' },
        ]),
      );
      // At once: the thread is still starting, so this one takes all three, from the last.
      await background.drain();
      assert.deepEqual(
        (await Promise.all(results)).map((found) => found.map((d) => `${d.file}:${d.line}`)),
        [['here:1'], ['here:2'], ['here:3']],
      );
      // Once it is up, the thread answers what it was given.
      const answered = await background.run(
        { kind: 'checks', path: MISMATCH, identity: contract.sources.identity() },
        async (): Promise<Diagnostic[]> => [],
      );
      assert.ok(answered.some((d) => d.rule === 'example-valid'));
    } finally {
      await background.close();
    }
  });

  test('work handed to the thread whose files it cannot read is done here', { timeout: 30_000 }, async () => {
    const background = Background.threaded();
    try {
      const result = background.run(
        { kind: 'checks', path: join(ROOT, 'no-such-contract.yaml'), identity: ['x'] },
        async () => [{ file: 'here', line: 1, column: 1, severity: 'warning', rule: 'r', message: 'done here' }],
      );
      // No drain: only the thread's answer can make this thread do it.
      assert.deepEqual(
        (await result).map((d) => d.message),
        ['done here'],
      );
    } finally {
      await background.close();
    }
  });

  corpusSuite('real-world corpus', () => {
    test('a build of a large contract checks and types it on the second thread, with the findings and types of doing it here', async () => {
      const dir = await tempDir('background-build');
      // Copied in: a spec is read only inside the config's folder.
      const spec = join(dir, 'discord__openapi.json');
      await copyFile(join(CORPUS, 'public/discord__openapi.json'), spec);
      await writeFile(
        join(dir, 'site-config.yaml'),
        `title: Discord\nurl: https://docs.example\napis:\n  - { id: discord, spec: ${JSON.stringify(spec)} }\n`,
      );
      const result = await build({
        config: join(dir, 'site-config.yaml'),
        out: join(dir, 'out'),
        strict: false,
        cache: false,
      });
      assert.equal(result.report?.secondThread, true);

      const here = await validateContract(spec);
      assert.ok(here.contract);
      const contractFile = here.contract.sources.root.display;
      // The contract's own checks; `voice` is a check of the site the contract is shown in, not of the contract.
      assert.deepEqual(
        result.diagnostics.filter((d) => d.file === contractFile && d.rule !== 'voice'),
        normalizeDiagnostics(here.diagnostics),
      );
      const models = await generateTypes({
        apis: [
          {
            api: { id: 'discord' } as never,
            versions: [
              {
                version: String((here.contract.document.info as { version: unknown }).version),
                contract: here.contract,
              },
            ],
          },
        ],
        packageName: 'types',
        packageVersion: undefined,
        schemaIdBase: 'http://localhost/schemas/',
        rules: {},
        // As the build makes it.
        verify: false,
      });
      assert.equal(await readFile(join(dir, 'out/types/discord.d.ts'), 'utf8'), models.files.get('types/discord.d.ts'));
    });
  });

  test('the thread reads a contract once for its checks and its types, and lets it go when neither is left', async () => {
    const path = await copyOf(MISMATCH);
    const { contract } = await validateContract(path);
    assert.ok(contract);
    const identity = contract.sources.identity();
    const checks: ChecksRequest = { kind: 'checks', path, identity };
    const types: TypesRequest = { kind: 'types', path, identity, service: 'items', version: '1.0.0' };
    // Both arrive before the first is done, as a build posts them.
    expectRequest(checks);
    expectRequest(types);
    const checked = await handleRequest(checks);
    settleRequest(checks);
    assert.equal(checked.ok, true);
    // An edit now is not seen: the types are those of the contract the checks judged, as on the build's own thread.
    await writeFile(path, (await readFile(path, 'utf8')).replace('id: seven', 'id: 7'));
    const typed = await handleRequest(types);
    settleRequest(types);
    assert.ok(typed.ok, 'the types come from the contract already read');
    assert.match((typed.value as ServiceTypes).declarations, /export interface components/);
    // Nothing is waiting for the contract any more: a new request reads the file again, and finds it changed.
    expectRequest(checks);
    const again = await handleRequest(checks);
    settleRequest(checks);
    assert.deepEqual(again, { ok: false, stale: true, message: 'the contract changed while the build ran' });
  });

  test('a request the build waits on (urgent) is taken before those that came earlier without saying so', async () => {
    const background = Background.threaded();
    try {
      const order: string[] = [];
      const colour = (n: number): Promise<unknown> =>
        background
          .run<unknown, ColourRequest>(
            { kind: 'colour', languages: ['json'], samples: [{ code: `{"n": ${n}}`, language: 'json' }] },
            async () => assert.fail('done here'),
          )
          .then(() => order.push(`colour ${n}`));
      const samples = [colour(0), colour(1), colour(2)];
      // Posted last, while the thread is still on the first request (loading its highlighter).
      const code = background
        .run<string[], CodeRequest>(
          { kind: 'code', blocks: [{ code: 'let a = 1;', lang: 'ts', highlight: [] }], urgent: true },
          async () => assert.fail('done here'),
        )
        .then((html) => {
          order.push('code');
          return html;
        });
      const [html] = await Promise.all([code, ...samples]);
      assert.deepEqual(order, ['colour 0', 'code', 'colour 1', 'colour 2']);
      assert.match(html?.[0] ?? '', /^<pre class="shiki /);
    } finally {
      await background.close();
    }
  });

  test("the second thread runs at a lower priority than the build's own thread, which keeps its own", async () => {
    const niceOf = (task: string): number => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // Fields after the command name (in parentheses); nice is the 19th field of the whole line.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const before = getPriority();
    const background = Background.threaded();
    try {
      await background.run<unknown, ColourRequest>({ kind: 'colour', languages: [], samples: [] }, async () =>
        assert.fail('done here'),
      );
      assert.equal(background.usedSecondThread, true);
      assert.equal(getPriority(), before, "the build's own thread keeps its priority");
      if (process.platform === 'linux') {
        const others = readdirSync('/proc/self/task').filter((task) => task !== String(process.pid));
        assert.ok(others.map(niceOf).includes(THREAD_NICENESS), 'a thread of this process runs lowered');
        assert.equal(niceOf(String(process.pid)), before);
      }
    } finally {
      await background.close();
    }
  });

  test('the thread is handed a bounded number of tasks ahead of its answers, and does them all', async () => {
    let posted = 0;
    let answered = 0;
    let mostAhead = 0;
    const postMessage = Worker.prototype.postMessage;
    // Counts the tasks handed over (not the data shared once before them).
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
      if (typeof message === 'object' && message !== null && 'request' in message) {
        posted++;
        mostAhead = Math.max(mostAhead, posted - answered);
      }
      return (postMessage as (...args: unknown[]) => void).call(this, message, ...rest);
    };
    const background = Background.threaded();
    try {
      const count = IN_FLIGHT * 3;
      const results = Array.from({ length: count }, (_, n) =>
        background
          .run<string[], CodeRequest>(
            { kind: 'code', blocks: [{ code: `line ${n}`, lang: 'text', highlight: [] }] },
            async () => assert.fail('done here'),
          )
          .then((html) => {
            answered++;
            return html;
          }),
      );
      const html = await Promise.all(results);
      assert.equal(posted, count);
      assert.match(html[count - 1]?.[0] ?? '', new RegExp(`line ${count - 1}`));
      // An answer hands the next task over before its promise settles here: one ahead at most besides.
      assert.ok(mostAhead <= IN_FLIGHT + 1, `${mostAhead} tasks were handed over ahead of their answers`);
    } finally {
      Worker.prototype.postMessage = postMessage;
      await background.close();
    }
  });

  test('while this thread drains, the thread keeps being handed the tasks queued for it', async () => {
    const background = Background.threaded();
    const block = (n: number): CodeRequest => ({
      kind: 'code',
      blocks: [{ code: `${n}`, lang: 'text', highlight: [] }],
    });
    try {
      // Once the thread is up (it answered), the rest are handed over.
      await background.run(block(-1), async () => assert.fail('done here'));
      const results = Array.from({ length: IN_FLIGHT * 3 }, (_, n) =>
        background.run<string[] | 'here', CodeRequest>(block(n), async () => {
          // Work done here without a turn of the event loop, as a twin is.
          const until = performance.now() + 2;
          while (performance.now() < until);
          return 'here';
        }),
      );
      await background.drain();
      const byThread = (await Promise.all(results)).filter((result) => result !== 'here').length;
      assert.ok(byThread > IN_FLIGHT, `the thread did ${byThread} tasks, no more than it was first handed`);
    } finally {
      await background.close();
    }
  });

  test('a task queued for the thread and done here lets its result go once taken', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const background = Background.threaded();
    try {
      let last: WeakRef<object> | undefined;
      const results = Array.from({ length: IN_FLIGHT + 1 }, (_, n) =>
        background.run<unknown, CodeRequest>(
          { kind: 'code', blocks: [{ code: `${n}`, lang: 'text', highlight: [] }] },
          async () => {
            // The last is beyond what the thread is handed at first: queued for it.
            const result = { page: 'x'.repeat(1_000_000) + n };
            if (n === IN_FLIGHT) last = new WeakRef(result);
            return result;
          },
        ),
      );
      // At once: the thread is still starting, so this one does them all, from the last.
      await background.drain();
      assert.equal((await Promise.all(results)).length, IN_FLIGHT + 1);
      results.length = 0;
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      assert.equal(last?.deref(), undefined, 'the result is still held');
    } finally {
      await background.close();
    }
  });

  test('closing drops the work not done, and the promises say so', async () => {
    const background = Background.threaded();
    const result = background.run({ kind: 'checks', path: MISMATCH, identity: [] }, async () => []);
    await background.close();
    await assert.rejects(result, /the build stopped before this work was done/);
  });
});
