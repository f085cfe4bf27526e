import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { CLI, runCli, tempDir } from './helpers.js';

const MINIMAL = 'test/fixtures/sites/minimal-clean/site-config.yaml';

/** Relative path → sha256 of every file under `dir`. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  const out = new Map<string, string>();
  for (const file of files.sort())
    out.set(
      relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  return out;
}

describe('build output', () => {
  test('two builds of the same inputs give byte-identical sites, types and schemas', async () => {
    const [a, b] = [await tempDir('det-a'), await tempDir('det-b')];
    for (const out of [a, b]) assert.ok((await build({ config: 'site-config.yaml', out, strict: false })).report);
    const [first, second] = [await snapshot(a), await snapshot(b)];
    // The build report holds timings; everything else must match byte for byte.
    first.delete('build-report.json');
    second.delete('build-report.json');
    assert.ok(first.size > 100, `only ${first.size} files`);
    assert.deepEqual(second, first);
  });

  test('a failing build leaves the previous out/ exactly as it was', async () => {
    const out = await tempDir('keep');
    assert.equal((await runCli(['build', '--config', MINIMAL, '--out', out])).code, 0);
    const before = await snapshot(out);
    assert.ok(before.has('site/index.html'));
    const failed = await runCli([
      'build',
      '--config',
      'test/fixtures/sites/invalid-mdx/site-config.yaml',
      '--out',
      out,
    ]);
    assert.equal(failed.code, 1);
    assert.match(
      failed.stdout,
      /^test\/fixtures\/sites\/invalid-mdx\/content\/docs\/intro\.mdx:8:30 error \[mdx-syntax\] /m,
    );
    assert.doesNotMatch(failed.stdout + failed.stderr, /\n\s+at /, 'no stack trace');
    assert.deepEqual(await snapshot(out), before);
    // Pages are written to a staging folder while they render: a first build that fails leaves no folder at all.
    const fresh = join(out, 'never-built');
    assert.equal(
      (await runCli(['build', '--config', 'test/fixtures/sites/invalid-mdx/site-config.yaml', '--out', fresh])).code,
      1,
    );
    assert.equal(existsSync(fresh), false);
  });

  test('--format json and github report build problems like validate does', async () => {
    const config = 'test/fixtures/sites/broken-links/site-config.yaml';
    const out = await tempDir('formats');
    const json = await runCli(['build', '--config', config, '--out', out, '--format', 'json']);
    assert.equal(json.code, 0);
    const parsed = JSON.parse(json.stdout) as { diagnostics: Array<{ rule: string; line: number }> };
    assert.deepEqual(
      parsed.diagnostics.map((d) => d.rule),
      ['broken-markdown-link', 'broken-anchor', 'broken-anchor'],
    );
    const github = await runCli(['build', '--config', config, '--out', out, '--format', 'github', '--strict']);
    assert.equal(github.code, 1);
    assert.match(
      github.stdout,
      /^::warning file=test\/fixtures\/sites\/broken-links\/content\/docs\/intro\.mdx,line=7,col=3/m,
    );
  });
});

describe('specsite serve', () => {
  let out: string;
  let server: ChildProcess;
  let origin: string;

  before(async () => {
    out = await tempDir('serve');
    assert.ok((await build({ config: MINIMAL, out, strict: false })).report);
    server = spawn(process.execPath, [CLI, 'serve', '--config', MINIMAL, '--out', out, '--port', '0']);
    origin = await new Promise<string>((resolve, reject) => {
      let text = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const match = /at (http:\/\/[^/\s]+)\//.exec(text);
        if (match?.[1]) resolve(match[1]);
      });
      server.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
    });
  });
  after(() => {
    server.kill();
  });

  test('answers under the base URL with clean URLs, with and without the trailing slash', async () => {
    for (const path of [
      '/docs-site/',
      '/docs-site',
      '/docs-site/docs/',
      '/docs-site/docs/guide/setup',
      '/docs-site/docs/guide/setup/',
      '/docs-site/docs/guide/setup/index.html',
    ]) {
      const response = await fetch(origin + path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    }
    const setup = await (await fetch(`${origin}/docs-site/docs/guide/setup`)).text();
    assert.match(setup, /<title>Setup \| Fixture Site<\/title>/);
  });

  test('unknown paths, and paths outside the base URL, get 404.html with status 404', async () => {
    for (const path of [
      '/docs-site/nope/',
      '/docs/',
      '/',
      '/docs-site/../site-config.yaml',
      '/docs-site/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await fetch(origin + path);
      assert.equal(response.status, 404, path);
      assert.match(await response.text(), /<title>Page Not Found \| Fixture Site<\/title>/);
    }
  });

  test('assets come with their content types, and every link in a page is under the base URL', async () => {
    const home = await (await fetch(`${origin}/docs-site/`)).text();
    const urls = [...home.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1] as string);
    assert.ok(urls.length > 5);
    for (const url of urls) assert.ok(url.startsWith('/docs-site/'), `${url} ignores the base URL`);
    const types: Record<string, string> = {
      '.css': 'text/css; charset=utf-8',
      '.js': 'text/javascript; charset=utf-8',
      '.svg': 'image/svg+xml',
    };
    for (const url of urls.filter((u) => /\.(css|js|svg)$/.test(u))) {
      const response = await fetch(origin + url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('content-type'), types[url.slice(url.lastIndexOf('.'))], url);
    }
    for (const [path, type] of [
      ['/docs-site/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/docs-site/robots.txt', 'text/plain; charset=utf-8'],
    ]) {
      assert.equal((await fetch(origin + (path as string))).headers.get('content-type'), type);
    }
  });
});
