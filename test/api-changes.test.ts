import assert from 'node:assert/strict';
import { cp, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, type BuildResult } from '../generator/commands/build.js';
import { validate } from '../generator/commands/validate.js';
import type { Element } from 'hast';
import { Page, textOf } from './html.js';
import { ROOT, runCli, runMain, tempDir } from './helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/api-site');
const VERSIONS = 'openapi/versioned';

/** One part of a page, queried on its own. */
function section(element: Element | undefined): Page {
  assert.ok(element);
  return new Page({ type: 'root', children: [element] });
}

async function copyFixture(prefix: string, change?: (dir: string) => Promise<void>): Promise<string> {
  const dir = await tempDir(prefix);
  await cp(FIXTURE, dir, { recursive: true });
  await change?.(dir);
  return dir;
}

/** 1.1.0 without the note that acknowledges the removal of `Item.code`. */
async function unacknowledge(dir: string): Promise<void> {
  const file = join(dir, VERSIONS, '1.1.0.yaml');
  const text = await readFile(file, 'utf8');
  const without = text.replace(/^ *x-breaking-change-acknowledged:.*\n/m, '');
  assert.notEqual(without, text);
  await writeFile(file, without);
}

/** The 1-based line of the first line matching `pattern` after the line matching `after`. */
async function lineOf(file: string, after: RegExp, pattern: RegExp): Promise<number> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const start = lines.findIndex((l) => after.test(l));
  const index = lines.findIndex((l, i) => i > start && pattern.test(l));
  assert.ok(start >= 0 && index > start);
  return index + 1;
}

describe('the changelog page of the three-version fixture', () => {
  let out = '';
  let result: BuildResult;
  before(async () => {
    const dir = await copyFixture('changelog');
    out = join(dir, 'out');
    result = await build({ config: join(dir, 'site-config.yaml'), out, strict: true });
  });
  const page = (route: string): Promise<Page> => Page.read(join(out, 'site', route, 'index.html'));

  test('builds clean: the acknowledged removal passes the gate', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.ok(result.report?.pages.some((p) => p.route === '/api/versioned/changelog/'));
  });

  test('lists every version newest first, each against the one before it', async () => {
    const changelog = await page('api/versioned/changelog');
    assert.equal(changelog.text('h1'), 'Changelog · Versioned API');
    assert.deepEqual(
      changelog.all('.changelog-version h2').map((h) => h.properties.id),
      ['v1.1.0', 'v1.1.0-rc.1', 'v1.0.0'],
    );
    assert.deepEqual(
      changelog.links('.changelog-version h2').map((l) => l.href),
      ['/ref/api/versioned/', '/ref/api/versioned/1.1.0-rc.1/', '/ref/api/versioned/1.0.0/'],
    );
    assert.equal(
      changelog.text('[id="v1.1.0"] + .changelog-summary'),
      'Against 1.1.0-rc.1: 0 breaking changes, 1 acknowledged breaking change, 1 other change.',
    );
    assert.equal(
      changelog.text('[id="v1.0.0"] + .changelog-summary'),
      'The first version published here, with 1 operation and 1 named schema.',
    );
  });

  test("breaking changes come first, each group linked to its place in that version's reference", async () => {
    const changelog = await page('api/versioned/changelog');
    const sections = changelog.all('.changelog-version');
    const newest = section(sections[0]);
    assert.deepEqual(newest.all('h3').map(textOf), ['Breaking changes', 'Other changes']);
    assert.deepEqual(
      newest.all('.changelog-change').map((li) => [li.properties.className, li.properties.dataKind]),
      [
        [['changelog-change', 'changelog-acknowledged'], 'property-removed'],
        [['changelog-change', 'changelog-non-breaking'], 'parameter-added'],
      ],
    );
    assert.match(newest.text('.changelog-acknowledged') ?? '', /^Breaking, acknowledged field code: removed/);
    assert.deepEqual(
      newest.links('dt').map((l) => [l.text, l.href]),
      [
        ['schema Item', '/ref/api/versioned/#schema-Item'],
        ['GET /items (listItems)', '/ref/api/versioned/#listItems'],
      ],
    );
    const rc = section(sections[1]);
    assert.deepEqual(
      rc.links('dt').map((l) => [l.text, l.href]),
      [
        ['POST /items (createItem)', '/ref/api/versioned/1.1.0-rc.1/#createItem'],
        ['schema Item', '/ref/api/versioned/1.1.0-rc.1/#schema-Item'],
        ['schema NewItem', '/ref/api/versioned/1.1.0-rc.1/#schema-NewItem'],
      ],
    );
  });

  test('every link of the changelog lands on an anchor that exists', async () => {
    const changelog = await page('api/versioned/changelog');
    const links = changelog.links('main').filter((l) => l.href.includes('#'));
    assert.ok(links.length >= 5);
    for (const { href } of links) {
      const [path = '', anchor = ''] = href.split('#');
      const target = path === '' ? changelog : await page(path.replace(/^\/ref\//, ''));
      assert.ok(target.one(`[id="${anchor}"]`), `${href} has no target`);
    }
  });

  test('each reference page links the changelog from its header (the version menu when there are several), and the sitemap lists it', async () => {
    for (const route of ['api/versioned', 'api/versioned/1.0.0', 'api/cyclic']) {
      const reference = await page(route);
      assert.equal(
        reference.attr('.api-header [data-changelog]', 'href'),
        `/ref/${route.split('/').slice(0, 2).join('/')}/changelog/`,
      );
    }
    const cyclic = await page('api/cyclic/changelog');
    assert.equal(cyclic.all('.changelog-version').length, 1, 'an API with one version has one entry');
    assert.match(
      await readFile(join(out, 'site/sitemap.xml'), 'utf8'),
      /<loc>https:\/\/fixture\.example\/ref\/api\/versioned\/changelog\/<\/loc>/,
    );
  });
});

describe('the breaking-change gate of build and validate', () => {
  test('an unacknowledged breaking change in a minor release fails validate and build at the element, and nothing is written', async () => {
    const dir = await copyFixture('gate', unacknowledge);
    const file = join(dir, VERSIONS, '1.1.0.yaml');
    const line = await lineOf(file, /^ {4}Item:/, /^ {6}properties:/);
    const checked = await validate([], { config: join(dir, 'site-config.yaml') });
    const errors = checked.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1);
    const [error] = errors;
    assert.equal(
      `${error?.line}:${error?.column} ${error?.rule} ${error?.pointer}`,
      `${line}:7 breaking-change /components/schemas/Item/properties`,
    );
    assert.match(error?.file ?? '', /openapi\/versioned\/1\.1\.0\.yaml$/);
    assert.match(
      error?.message ?? '',
      /^versioned 1\.1\.0 breaks integrators of 1\.1\.0-rc\.1: schema Item: field `code`: removed .*release it as 2\.0\.0, or mark it intended with `x-breaking-change-acknowledged: <why>` here$/,
    );
    const out = join(dir, 'out');
    const built = await build({ config: join(dir, 'site-config.yaml'), out, strict: false });
    assert.equal(built.report, undefined);
    assert.deepEqual(
      built.diagnostics.filter((d) => d.rule === 'breaking-change'),
      errors,
    );
    await assert.rejects(stat(out));
  });

  test('the gate lets it through with a major bump, with --acknowledge-breaking, and as a warning when the config says so', async () => {
    const major = await copyFixture('gate-major', async (dir) => {
      await unacknowledge(dir);
      await rename(join(dir, VERSIONS, '1.1.0.yaml'), join(dir, VERSIONS, '2.0.0.yaml'));
    });
    assert.deepEqual((await validate([], { config: join(major, 'site-config.yaml') })).diagnostics, []);

    const flagged = await copyFixture('gate-flag', unacknowledge);
    assert.deepEqual(
      (await validate([], { config: join(flagged, 'site-config.yaml'), acknowledgeBreaking: true })).diagnostics,
      [],
    );
    const cli = await runMain(['-c', join(flagged, 'site-config.yaml'), 'validate', '--acknowledge-breaking']);
    assert.equal(cli.code, 0, cli.stdout);
    const refused = await runCli(['-c', join(flagged, 'site-config.yaml'), 'validate']);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stdout,
      /1\.1\.0\.yaml:\d+:7 error \[breaking-change\] versioned 1\.1\.0 breaks integrators of 1\.1\.0-rc\.1/,
    );

    const relaxed = await runMain([
      '-c',
      join(flagged, 'site-config.yaml'),
      '--rule',
      'breaking-change=warning',
      'validate',
    ]);
    assert.equal(relaxed.code, 0);
    assert.match(relaxed.stdout, /warning \[breaking-change\]/);
  });

  test('only the newest release is gated: an older unacknowledged break stays in the changelog', async () => {
    const dir = await copyFixture('gate-older', async (d) => {
      // rc.1 → 1.1.0 is clean once 1.1.0 keeps `code`; the break moves to 1.0.0 → rc.1, which is history.
      const rc = join(d, VERSIONS, '1.1.0-rc.1.yaml');
      await writeFile(rc, (await readFile(rc, 'utf8')).replace(/^ {8}code: .*\n/m, ''));
      const newest = join(d, VERSIONS, '1.1.0.yaml');
      await writeFile(newest, (await readFile(newest, 'utf8')).replace(/^ *x-breaking-change-acknowledged:.*\n/m, ''));
    });
    assert.deepEqual((await validate([], { config: join(dir, 'site-config.yaml') })).diagnostics, []);
    const out = join(dir, 'out');
    assert.deepEqual((await build({ config: join(dir, 'site-config.yaml'), out, strict: true })).diagnostics, []);
    const changelog = await Page.read(join(out, 'site/api/versioned/changelog/index.html'));
    assert.equal(
      changelog.text('[id="v1.1.0-rc.1"] + .changelog-summary'),
      'Against 1.0.0: 1 breaking change, 3 other changes.',
    );
  });
});

describe('specsite diff on the command line', () => {
  const old = `test/fixtures/api-site/${VERSIONS}/1.0.0.yaml`;
  const neu = `test/fixtures/api-site/${VERSIONS}/1.1.0-rc.1.yaml`;

  test('json: the report with its summary; every change located in the new file', async () => {
    const run = await runMain(['diff', old, neu, '--format', 'json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as {
      old: { version: string };
      new: { version: string; file: string };
      summary: Record<string, number>;
      changes: Array<{ kind: string; breaking: boolean; at: { file: string; line: number; pointer: string } }>;
    };
    assert.deepEqual([report.old.version, report.new.version], ['1.0.0', '1.1.0-rc.1']);
    assert.deepEqual(report.summary, { breaking: 0, acknowledged: 0, nonBreaking: 3 });
    assert.deepEqual(
      report.changes.map((c) => [c.kind, c.at.pointer]),
      [
        ['operation-added', '/paths/~1items/post'],
        ['property-added', '/components/schemas/Item/properties/tags'],
        ['schema-added', '/components/schemas/NewItem'],
      ],
    );
    for (const change of report.changes) assert.equal(change.at.file, neu);
  });

  test('the other way round, every change is breaking, and --fail-on-breaking fails', async () => {
    const text = await runMain(['diff', neu, old]);
    assert.equal(text.code, 0);
    assert.match(
      text.stdout,
      /^test\/fixtures\/api-site\/openapi\/versioned\/1\.1\.0-rc\.1\.yaml \(1\.1\.0-rc\.1\) → test\/fixtures\/api-site\/openapi\/versioned\/1\.0\.0\.yaml \(1\.0\.0\)\n/,
    );
    assert.match(text.stdout, /\n1\.1\.0-rc\.1 → 1\.0\.0: 3 changes, 3 breaking, 0 acknowledged, 0 non-breaking\n$/);
    const gated = await runMain(['diff', neu, old, '--fail-on-breaking', '--format', 'github']);
    assert.equal(gated.code, 1);
    const lines = gated.stdout.trim().split('\n');
    assert.equal(
      lines.filter((l) => l.startsWith('::error file=test/fixtures/api-site/openapi/versioned/1.0.0.yaml,line='))
        .length,
      3,
    );
  });

  test('markdown: a heading, the summary and one section per operation and schema', async () => {
    const run = await runMain(['diff', old, neu, '-f', 'markdown']);
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^## API changes from 1\.0\.0 to 1\.1\.0-rc\.1\n\n\*\*0 breaking\*\*, 0 acknowledged, 3 non-breaking/,
    );
    assert.deepEqual(run.stdout.match(/^### .*$/gm), [
      '### `POST /items (createItem)`',
      '### `schema Item`',
      '### `schema NewItem`',
    ]);
    assert.match(
      run.stdout,
      /^- \*\*Non-breaking\*\*: field `tags`: added as optional \(`test\/fixtures\/api-site\/openapi\/versioned\/1\.1\.0-rc\.1\.yaml:\d+:\d+`\)$/m,
    );
  });

  test('--service compares the two newest versions of a configured API', async () => {
    const run = await runMain(['-c', 'test/fixtures/api-site/site-config.yaml', 'diff', '--service', 'versioned']);
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^test\/fixtures\/api-site\/openapi\/versioned\/1\.1\.0-rc\.1\.yaml \(1\.1\.0-rc\.1\) → test\/fixtures\/api-site\/openapi\/versioned\/1\.1\.0\.yaml \(1\.1\.0\)\n/,
    );
    assert.match(run.stdout, /acknowledged \[property-removed\] field `code`: removed/);
    const one = await runMain(['-c', 'test/fixtures/api-site/site-config.yaml', 'diff', '--service', 'cyclic']);
    assert.equal(one.code, 1);
    assert.match(
      one.stdout,
      /^test\/fixtures\/api-site\/site-config\.yaml:\d+:\d+ error \[diff-service\] API "cyclic" has one version in openapi\/cyclic\.yaml; a diff needs two/,
    );
    const unknown = await runMain(['-c', 'test/fixtures/api-site/site-config.yaml', 'diff', '--service', 'nope']);
    assert.match(
      unknown.stdout,
      /error \[diff-service\] no API "nope" in the config; the configured APIs are cyclic, discriminator/,
    );
  });

  test('bad input: a broken contract gives its located error and no report; wrong arguments are usage errors', async () => {
    const broken = await runMain(['diff', old, 'test/fixtures/contracts/broken-ref/openapi.yaml']);
    assert.equal(broken.code, 1);
    assert.match(
      broken.stdout,
      /^test\/fixtures\/contracts\/broken-ref\/openapi\.yaml:\d+:\d+ error \[ref-resolves\]/m,
    );
    assert.match(broken.stdout, /no diff made: \d+ errors?, \d+ warnings?\n$/);
    for (const args of [
      ['diff', old],
      ['diff', old, neu, '--service', 'versioned'],
    ]) {
      const usage = await runMain(args);
      assert.equal(usage.code, 2, args.join(' '));
      assert.match(usage.stderr, /give two OpenAPI files \(OLD NEW\), or --service <id> alone/);
    }
  });
});

describe('specsite types --version', () => {
  test('types an older version; the package says which', async () => {
    const dir = await tempDir('types-version');
    const run = await runMain([
      '-c',
      'test/fixtures/api-site/site-config.yaml',
      '-o',
      dir,
      'types',
      '--version',
      'versioned@1.0.0',
    ]);
    assert.equal(run.code, 0, run.stdout);
    const pkg = JSON.parse(await readFile(join(dir, 'types/package.json'), 'utf8')) as {
      specsite: { services: Record<string, { version: string; source: string }> };
    };
    assert.deepEqual(pkg.specsite.services.versioned, {
      version: '1.0.0',
      source: `test/fixtures/api-site/${VERSIONS}/1.0.0.yaml`,
    });
    const types = await readFile(join(dir, 'types/versioned.d.ts'), 'utf8');
    assert.match(types, /Types of the "versioned" API, version 1\.0\.0\./);
    // 1.0.0 has Item.code and no createItem; the newest has the opposite.
    assert.match(types, /\n\s+code\?: string;/);
    assert.doesNotMatch(types, /createItem/);
  });

  test('a version an API does not have is a located error listing the ones it has; with files it is a usage error', async () => {
    const dir = await tempDir('types-version-bad');
    const run = await runMain([
      '-c',
      'test/fixtures/api-site/site-config.yaml',
      '-o',
      dir,
      'types',
      '--version',
      'versioned@9.9.9',
    ]);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /^test\/fixtures\/api-site\/site-config\.yaml:\d+:\d+ error \[types-version\] API "versioned" has no version 9\.9\.9; it has 1\.1\.0, 1\.1\.0-rc\.1, 1\.0\.0\n/,
    );
    await assert.rejects(stat(join(dir, 'types')));
    const all = await runMain([
      '-c',
      'test/fixtures/api-site/site-config.yaml',
      '-o',
      dir,
      'types',
      '--version',
      '1.0.0',
    ]);
    assert.equal(all.code, 1);
    assert.match(
      all.stdout,
      /error \[types-version\] API "discriminator" has no version 1\.0\.0; it has 2\.0\.0 \(name one API's version with --version discriminator@<version>\)/,
    );
    const files = await runMain([
      '-o',
      dir,
      'types',
      'test/fixtures/api-site/openapi/cyclic.yaml',
      '--version',
      '1.0.0',
    ]);
    assert.equal(files.code, 2);
  });
});
