import assert from 'node:assert/strict';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { CORPUS, corpusSuite } from './corpus.js';
import { CLI, ROOT, runBin, runCli, tempDir } from './helpers.js';

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files.set(relative(dir, path), await readFile(path, 'utf8'));
    }
  };
  await walk(dir);
  return files;
}

describe('specsite CLI', () => {
  test('--help lists the commands and exits 0', async () => {
    const run = await runCli(['--help']);
    assert.equal(run.code, 0);
    for (const command of ['build', 'serve', 'dev', 'validate', 'diff', 'types', 'config-schema'])
      assert.match(run.stdout, new RegExp(`^  ${command}\\b`, 'm'));
  });

  test("url.parse's deprecation (a dependency's, from Node 24) is not printed; every other warning is", async () => {
    // Emitted once the CLI has done its work, the way the dependency's call emits it on Node 24 mid-build.
    const emit = `process.once('beforeExit', () => {
      process.emitWarning('url.parse() behavior is not standardized', 'DeprecationWarning', 'DEP0169');
      process.emitWarning('another deprecation', { type: 'DeprecationWarning', code: 'DEP0999' });
    });`;
    const run = await runBin(CLI, ['--help'], ROOT, {
      flags: ['--import', `data:text/javascript,${encodeURIComponent(emit)}`],
    });
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /url\.parse|DEP0169/);
    assert.match(run.stderr, /DEP0999.*another deprecation/);
  });

  test("a project outside the specsite folder builds: the client bundle finds its packages in specsite's own", async () => {
    const project = await tempDir('outside');
    await writeFile(join(project, 'site-config.yaml'), 'title: Outside\n');
    await cp(join(ROOT, 'test/fixtures/browser-site/content'), join(project, 'content'), { recursive: true });
    const run = await runCli(['build', '--no-cache'], project);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(
      (await readdir(join(project, 'out/site/assets/js'))).filter((name) => /^main\.[0-9a-f]{8}\.js$/.test(name))
        .length,
      1,
    );
  });

  test('usage errors exit 2 with a hint, not a stack trace', async () => {
    for (const args of [['frobnicate'], ['validate', '--format', 'xml'], ['--no-such-flag']]) {
      const run = await runCli(args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /run specsite --help/);
      assert.doesNotMatch(run.stderr, STACK_LINE);
    }
  });

  test('validate: the real config, its six contracts and every content page are clean', async () => {
    const run = await runCli(['validate']);
    assert.equal(run.code, 0, run.stdout);
    const pages = (await readdir('content', { recursive: true })).filter((f) =>
      /^(docs|pages)\/.*\.mdx?$/.test(f.split(sep).join('/')),
    ).length;
    assert.ok(pages > 60);
    assert.equal(run.stdout, `validated 6 documents and ${pages} pages: 0 errors, 0 warnings\n`);
  });

  test('validate: errors exit 1 with file:line:col severity [rule] lines', async () => {
    const run = await runCli(['validate', 'test/fixtures/contracts/duplicate-operation-id/openapi.yaml']);
    assert.equal(run.code, 1);
    assert.equal(
      run.stdout.split('\n')[0],
      'test/fixtures/contracts/duplicate-operation-id/openapi.yaml:10:20 error [operation-id-unique] duplicate operationId "check": GET /pong uses the id of GET /ping; operationIds must be unique (at #/paths/~1pong/get/operationId)',
    );
    assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  });

  test('--format json and --format github', async () => {
    const file = 'test/fixtures/contracts/security-undefined/openapi.yaml';
    const json = await runCli(['validate', '--format', 'json', file]);
    assert.equal(json.code, 1);
    const parsed = JSON.parse(json.stdout) as {
      summary: { errors: number };
      diagnostics: { rule: string; line: number }[];
    };
    assert.deepEqual(parsed.summary, { errors: 1, warnings: 0 });
    assert.deepEqual(
      parsed.diagnostics.map((d) => [d.rule, d.line]),
      [['security-defined', 10]],
    );
    const github = await runCli(['validate', '--format', 'github', file]);
    assert.match(
      github.stdout,
      /^::error file=test\/fixtures\/contracts\/security-undefined\/openapi\.yaml,line=10,col=11,title=security-defined::security requirement names "oidc"/,
    );
  });

  test('--strict makes warnings fail', async () => {
    const dir = await tempDir('strict');
    const file = join(dir, 'warn.yaml');
    await writeFile(
      file,
      'openapi: 3.1.0\ninfo: { title: W, version: 1.0.0 }\ncomponents:\n  schemas:\n    A: { type: object, required: [b], properties: { a: { type: string } } }\n',
    );
    const lenient = await runCli(['validate', file]);
    assert.equal(lenient.code, 0);
    assert.match(lenient.stdout, /warning \[required-property-defined\] property "b"/);
    assert.equal((await runCli(['validate', '--strict', file])).code, 1);
  });

  test('a missing config file is one located line and exit 1', async () => {
    const dir = await tempDir('noconfig');
    const run = await runCli(['validate'], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^site-config\.yaml error \[config-parse\] config file not found/);
  });

  test('types: two runs give identical bytes', async () => {
    const a = join(await tempDir('det-a'), 'out');
    const b = join(await tempDir('det-b'), 'out');
    assert.equal((await runCli(['types', '--out', a])).code, 0);
    assert.equal((await runCli(['types', '--out', b])).code, 0);
    const [left, right] = [await snapshot(a), await snapshot(b)];
    assert.ok(left.size > 50, `only ${left.size} files generated`);
    assert.deepEqual([...left.keys()].sort(), [...right.keys()].sort());
    for (const [path, content] of left) assert.equal(content, right.get(path), path);
  });

  test('types: a contract with errors writes nothing and leaves the previous output exactly as it was', async () => {
    const project = await tempDir('failing');
    await cp('openapi', join(project, 'openapi'), { recursive: true });
    await cp('site-config.yaml', join(project, 'site-config.yaml'));
    // The config names the logo and the favicon in static/: a config naming a missing file is an error.
    await cp('static', join(project, 'static'), { recursive: true });
    const out = join(project, 'out');
    assert.equal((await runCli(['types'], project)).code, 0);
    const before = await snapshot(out);
    const contract = join(project, 'openapi/searcher/3.1.0-SNAPSHOT.yaml');
    await writeFile(
      contract,
      (await readFile(contract, 'utf8')).replace(
        "$ref: '#/components/schemas/SearchResponse'",
        "$ref: '#/components/schemas/Missing'",
      ),
    );
    const run = await runCli(['types'], project);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /openapi\/searcher\/3\.1\.0-SNAPSHOT\.yaml:\d+:\d+ error \[ref-resolves\] broken \$ref: "#\/components\/schemas\/Missing"/,
    );
    assert.deepEqual(await snapshot(out), before);
  });
  // The CLI runs from bundles (dist/bundle/cli/): these two start the workers it names from there.
  corpusSuite('real-world corpus', () => {
    test('a build of a large contract through the CLI hands work to the second thread', async () => {
      const project = await tempDir('cli-thread');
      // Copied in: a spec is read only inside the config's folder.
      await cp(join(CORPUS, 'public/discord__openapi.json'), join(project, 'discord__openapi.json'));
      await writeFile(
        join(project, 'site-config.yaml'),
        `title: Discord\napis:\n  - { id: discord, spec: discord__openapi.json }\n`,
      );
      const run = await runCli(['build', '--no-cache'], project);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const report = JSON.parse(await readFile(join(project, 'out/build-report.json'), 'utf8')) as {
        secondThread: boolean;
      };
      assert.equal(report.secondThread, true);
      assert.match(await readFile(join(project, 'out/types/discord.d.ts'), 'utf8'), /export interface paths/);
    });
  });

  test('dev through the CLI builds in its builder thread and serves the site', { timeout: 60_000 }, async () => {
    const project = await tempDir('cli-dev');
    await writeFile(join(project, 'site-config.yaml'), 'title: Dev\n');
    await cp(join(ROOT, 'test/fixtures/browser-site/content'), join(project, 'content'), { recursive: true });
    const child = spawn(process.execPath, [CLI, 'dev', '--port', '0'], { cwd: project });
    try {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await new Promise<string>((found, failed) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const serving = /serving (http:\/\/\S+) /.exec(output);
          if (serving?.[1]) found(serving[1]);
        });
        child.once('exit', (code) => failed(new Error(`dev exited ${code}: ${output}`)));
      });
      assert.match(output, /built the site: rendered \d+ pages/);
      const home = await new Promise<{ status: number; body: string }>((done, failed) => {
        get(url, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => done({ status: response.statusCode ?? 0, body }));
        }).on('error', failed);
      });
      assert.equal(home.status, 200);
      assert.match(home.body, /<title>[^<]*<\/title>/);
      assert.match(home.body, /__specsite\/events/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
