import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import type { FreshPage } from '../generator/content/compile.js';
import type { PageSource } from '../generator/content/types.js';
import type { PageShare } from '../generator/content/thread-tasks.js';
import { handleRequest } from '../generator/thread-tasks.js';
import { receiveShare } from '../generator/workers/thread-state.js';
import { CLI, runMain, tempDir, type Run } from './helpers.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const CLEAN_SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient><rect id="r" width="5" height="5"/></defs><rect width="10" height="10" fill="url(#g)" style="stroke: url(#g)"/><use xlink:href="#r"/><a href="#r"><text>hi</text></a></svg>\n';
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

interface Project {
  /** The project folder (the config's). */
  dir: string;
  /** A string planted only outside the project: it must never reach out/. */
  marker: string;
  /** Absolute path of a real PNG outside the project that carries the marker (so only the path check can stop it). */
  secretPng: string;
  out: string;
}

/**
 * A project in `<base>/site/` with a secret beside it in `<base>/`: a PNG whose trailing bytes hold
 * the marker, and a text file with it. `files` are written under the project; a value
 * `{ link: target }` is a symlink.
 */
async function project(files: Record<string, string | Buffer | { link: string }>, config = ''): Promise<Project> {
  const base = await tempDir('hostile-files');
  const marker = `H2A-SECRET-${Math.random().toString(36).slice(2)}`;
  const secretPng = join(base, 'secret.png');
  await writeFile(secretPng, Buffer.concat([PNG, Buffer.from(marker)]));
  await writeFile(join(base, 'secret.txt'), `${marker}\n`);
  const dir = join(base, 'site');
  await mkdir(dir);
  await writeFile(join(dir, 'site-config.yaml'), `title: Hostile\napis: []\n${config}`);
  for (const [path, content] of Object.entries(files)) {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    if (typeof content === 'object' && 'link' in content) await symlink(content.link, target);
    else await writeFile(target, content);
  }
  return { dir, marker, secretPng, out: join(dir, 'out') };
}

function page(body: string, title = 'Page'): string {
  return `---\ntitle: ${title}\ndescription: A page.\n---\n\n${body}\n`;
}

async function run(p: Project, command: 'build' | 'validate' = 'build'): Promise<Run> {
  const args =
    command === 'build'
      ? ['build', '--no-cache', '--config', join(p.dir, 'site-config.yaml'), '--out', p.out]
      : ['validate', '--no-cache', '--config', join(p.dir, 'site-config.yaml')];
  return runMain(args);
}

/** Every file under `dir` (none when it does not exist), with its bytes. */
async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return found;
  }
  for (const entry of entries)
    if (entry.isFile())
      found.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name)));
  return found;
}

async function assertNoMarker(p: Project): Promise<void> {
  for (const [path, bytes] of await filesUnder(p.out))
    assert.ok(!bytes.includes(p.marker), `the secret reached ${path}`);
}

/** The run failed with exactly these problem lines (file ends with, line, column, rule), nothing else, no stack. */
function assertFailedWith(
  result: Run,
  expected: Array<{ file: string; line: number; column: number; rule: string }>,
): void {
  const output = result.stdout + result.stderr;
  assert.equal(result.code, 1, output);
  assert.doesNotMatch(output, STACK_LINE);
  const lines = output.split('\n').filter((line) => / (error|warning) \[/.test(line));
  assert.equal(lines.length, expected.length, output);
  for (const [i, want] of expected.entries()) {
    const line = lines[i] ?? '';
    const match = /^(.+):(\d+):(\d+) error \[([\w-]+)\] (.+)$/.exec(line);
    assert.ok(match, `not a located error line: ${line}`);
    assert.ok(match[1]?.endsWith(want.file), `${line} is not in ${want.file}`);
    assert.deepEqual([Number(match[2]), Number(match[3]), match[4]], [want.line, want.column, want.rule], line);
  }
}

describe('content and config read nothing outside the project', () => {
  const imageCases: Array<[string, (p: Project) => string, number]> = [
    ['a relative image path', () => '![a](../../../secret.png)', 1],
    ['a percent-encoded relative image path', () => '![a](%2e%2e/%2e%2e/%2e%2e/secret.png)', 1],
    ['an image path to /proc/self/environ', () => `![e](${'../'.repeat(40)}proc/self/environ)`, 1],
    ['an <img> written in MDX', () => '<img src="../../../secret.png" alt="a" />', 6],
    ['an inline <img> in a paragraph', () => 'See <img src="../../../secret.png" alt="a" /> here.', 10],
  ];
  for (const [name, body, column] of imageCases) {
    test(`${name} is a located path-outside-project error and is never copied`, async () => {
      const p = await project({});
      await mkdir(join(p.dir, 'content/docs'), { recursive: true });
      await writeFile(join(p.dir, 'content/docs/index.mdx'), page(body(p)));
      process.env.H2A_PLANTED = p.marker;
      try {
        assertFailedWith(await run(p), [
          { file: 'content/docs/index.mdx', line: 6, column, rule: 'path-outside-project' },
        ]);
      } finally {
        delete process.env.H2A_PLANTED;
      }
      await assertNoMarker(p);
      assert.deepEqual(await filesUnder(p.out), new Map());
    });
  }

  test('an image that is a symlink to a file outside the project', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](./pic.png)') });
    await symlink(p.secretPng, join(p.dir, 'content/docs/pic.png'));
    assertFailedWith(await run(p), [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(p);
  });

  test('an image in a folder that is a symlink to a folder outside the project', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](./outside/secret.png)') });
    await symlink(dirname(p.secretPng), join(p.dir, 'content/docs/outside'));
    assertFailedWith(await run(p), [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(p);
  });

  test('the second thread, which compiles pages of large sites, refuses the same images', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](../../../secret.png)') });
    const file = join(p.dir, 'content/docs/index.mdx');
    const share: PageShare = {
      rootDir: p.dir,
      baseUrl: '/',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      components: [],
      fileRoutes: [[file, '/docs/']],
    };
    receiveShare('pages', share);
    const text = await readFile(file, 'utf8');
    const source: PageSource = {
      kind: 'doc',
      file,
      display: 'content/docs/index.mdx',
      relPath: 'index.mdx',
      id: 'index',
      route: '/docs/',
      format: 'mdx',
      text,
      frontMatter: {
        title: 'Page',
        description: undefined,
        sidebarLabel: undefined,
        sidebarPosition: undefined,
        slug: undefined,
        id: undefined,
      },
    };
    const reply = await handleRequest({ kind: 'page', page: source });
    assert.ok(reply.ok);
    const fresh = reply.value as FreshPage;
    assert.equal(fresh.entry, undefined);
    assert.deepEqual(
      fresh.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`),
      ['6:1 path-outside-project'],
    );
  });

  test('an image published once and then replaced by a symlink outside is refused by the next, cached build', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](./pic.png)'), 'content/docs/pic.png': PNG });
    const args = ['build', '--config', join(p.dir, 'site-config.yaml'), '--out', p.out];
    assert.equal((await runMain(args)).code, 0);
    const before = await filesUnder(p.out);
    await rm(join(p.dir, 'content/docs/pic.png'));
    await symlink(p.secretPng, join(p.dir, 'content/docs/pic.png'));
    assertFailedWith(await runMain(args), [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'path-outside-project' },
    ]);
    assert.deepEqual(await filesUnder(p.out), before);
    await assertNoMarker(p);
  });

  test('an absolute or file: image URL is not read from disk', async () => {
    const p = await project({});
    await mkdir(join(p.dir, 'content/docs'), { recursive: true });
    await writeFile(join(p.dir, 'content/docs/index.mdx'), page(`![a](${p.secretPng})`));
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout);
    await assertNoMarker(p);
    await writeFile(join(p.dir, 'content/docs/index.mdx'), page(`![a](file://${p.secretPng})`));
    assertFailedWith(await run(p), [{ file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'unsafe-url' }]);
  });

  test('a favicon outside the project, by path or by symlink, is an error at the config key (build and validate)', async () => {
    const byPath = await project({ 'content/docs/index.mdx': page('Hello.') }, 'favicon: ../secret.png\n');
    assertFailedWith(await run(byPath), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'path-outside-project' },
    ]);
    assertFailedWith(await run(byPath, 'validate'), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(byPath);
    const byLink = await project({ 'content/docs/index.mdx': page('Hello.') }, 'favicon: icon.png\n');
    await symlink(byLink.secretPng, join(byLink.dir, 'icon.png'));
    assertFailedWith(await run(byLink), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(byLink);
  });

  test('a contentDir outside the project is an error at the config key', async () => {
    const p = await project({}, 'contentDir: ../elsewhere\n');
    await mkdir(join(dirname(p.dir), 'elsewhere/docs'), { recursive: true });
    await writeFile(join(dirname(p.dir), 'elsewhere/docs/index.mdx'), page(p.marker));
    assertFailedWith(await run(p), [{ file: 'site-config.yaml', line: 3, column: 13, rule: 'path-outside-project' }]);
    await assertNoMarker(p);
  });
});

describe('published images are what they claim to be', () => {
  test('an HTML file named .png is an image-type error, never published', async () => {
    const p = await project({
      'content/docs/index.mdx': page('Intro.\n\n![a](./x.png)'),
      'content/docs/x.png': '<html><body><script>alert(document.cookie)</script></body></html>',
    });
    assertFailedWith(await run(p), [{ file: 'content/docs/index.mdx', line: 8, column: 1, rule: 'image-type' }]);
    assert.deepEqual(await filesUnder(p.out), new Map());
  });

  test('a PNG named .jpg and a text file named .svg are image-type errors', async () => {
    const p = await project({
      'content/docs/index.mdx': page('![a](./x.jpg)\n\n![b](./y.svg)'),
      'content/docs/x.jpg': PNG,
      'content/docs/y.svg': 'just text',
    });
    const result = await run(p);
    assertFailedWith(result, [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'image-type' },
      { file: 'content/docs/index.mdx', line: 8, column: 1, rule: 'image-type' },
    ]);
    assert.match(result.stdout, /"\.\/x\.jpg" is a PNG image, not JPEG; name it with \.png or \.apng/);
  });

  const unsafeSvgs: Array<[string, string]> = [
    ['a <script>', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['a prefixed <script>', '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>'],
    [
      'an onload handler',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
    ],
    [
      'an onclick handler in upper case',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect ONCLICK="alert(1)" width="1" height="1"/></svg>',
    ],
    [
      'a foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
    ],
    [
      'an external href',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
    ],
    [
      'an external xlink:href',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://example.com/x.png"/></svg>',
    ],
    ['a <use> of another file', '<svg xmlns="http://www.w3.org/2000/svg"><use href="other.svg#icon"/></svg>'],
    [
      'a doctype with an entity',
      '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ],
    [
      'a style sheet processing instruction',
      '<?xml-stylesheet href="https://example.com/x.css"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    [
      'a url() to another file in a style attribute',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(https://example.com/x)" width="1" height="1"/></svg>',
    ],
    [
      'an @import in a <style>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://example.com/x.css";</style></svg>',
    ],
    [
      'an XHTML namespace',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:iframe/></svg>',
    ],
    [
      'an animation that sets a link',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="#x"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
    ],
    [
      'an unclosed url() to another file',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(https://example.com/x" width="1" height="1"/></svg>',
    ],
    [
      'an image-set() in a <style>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>svg { background: image-set("https://example.com/x.png" 1x) }</style></svg>',
    ],
    ['an entity it does not define', '<svg xmlns="http://www.w3.org/2000/svg"><text>&secret;</text></svg>'],
    [
      '50,000 nested groups',
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(50_000)}${'</g>'.repeat(50_000)}</svg>`,
    ],
    ['an XHTML document named .svg', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
  ];
  for (const [name, svg] of unsafeSvgs) {
    test(`an SVG with ${name} is refused with a located error`, async () => {
      const p = await project({ 'content/docs/index.mdx': page('![a](./x.svg)'), 'content/docs/x.svg': svg });
      const result = await run(p);
      const rule = name === 'an XHTML document named .svg' ? 'image-type' : 'unsafe-svg';
      assertFailedWith(result, [{ file: 'content/docs/index.mdx', line: 6, column: 1, rule }]);
      assert.deepEqual(await filesUnder(p.out), new Map());
    });
  }

  test('a clean SVG, a real PNG and a PNG favicon are published byte for byte', async () => {
    const p = await project(
      {
        'content/docs/index.mdx': page('![a](./clean.svg)\n\n<img src="./dot.png" alt="b" />'),
        'content/docs/clean.svg': CLEAN_SVG,
        'content/docs/dot.png': PNG,
        'icon.png': PNG,
      },
      'favicon: icon.png\n',
    );
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout);
    const images = await filesUnder(join(p.out, 'site/assets/images'));
    const byName = [...images].map(
      ([path, bytes]) =>
        [
          path
            .split('/')
            .pop()
            ?.replace(/\.[0-9a-f]{8}\./, '.'),
          bytes,
        ] as const,
    );
    assert.deepEqual(
      new Map(byName),
      new Map([
        ['clean.svg', Buffer.from(CLEAN_SVG)],
        ['dot.png', PNG],
      ]),
    );
    assert.deepEqual(await readFile(join(p.out, 'site/favicon.png')), PNG);
    const html = await readFile(join(p.out, 'site/docs/index.html'), 'utf8');
    assert.match(html, /<img src="\/assets\/images\/dot\.[0-9a-f]{8}\.png" alt="b"/);
  });

  test('a favicon that is HTML named .ico, or an SVG with script, is refused by build and validate', async () => {
    const html = await project(
      { 'content/docs/index.mdx': page('Hello.'), 'icon.ico': '<html><script>alert(1)</script></html>' },
      'favicon: icon.ico\n',
    );
    assertFailedWith(await run(html), [{ file: 'site-config.yaml', line: 3, column: 10, rule: 'image-type' }]);
    assertFailedWith(await run(html, 'validate'), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'image-type' },
    ]);
    const svg = await project(
      {
        'content/docs/index.mdx': page('Hello.'),
        'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      },
      'favicon: icon.svg\n',
    );
    assertFailedWith(await run(svg), [{ file: 'site-config.yaml', line: 3, column: 10, rule: 'unsafe-svg' }]);
    assert.deepEqual(await filesUnder(svg.out), new Map());
  });
});

describe('page files are read as UTF-8', () => {
  test('a page that starts with a UTF-8 byte order mark builds with its front matter', async () => {
    const p = await project({
      'content/docs/index.mdx': Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(page('Hello.', 'Marked Title')),
      ]),
    });
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout);
    assert.match(await readFile(join(p.out, 'site/docs/index.html'), 'utf8'), /<h1[^>]*>Marked Title<\/h1>/);
  });

  test('a page that is not valid UTF-8 is one located encoding error', async () => {
    const text = Buffer.from(page('Caf\u00e9 ok.\n\nabc XYZ'));
    const bad = Buffer.concat([
      text.subarray(0, text.indexOf('XYZ')),
      Buffer.from([0xe9]),
      text.subarray(text.indexOf('XYZ')),
    ]);
    const p = await project({ 'content/docs/index.mdx': bad });
    const result = await run(p);
    assertFailedWith(result, [{ file: 'content/docs/index.mdx', line: 8, column: 5, rule: 'encoding' }]);
    assert.match(result.stdout, /not valid UTF-8/);
  });

  test('a page saved as UTF-16 is one encoding error at its start', async () => {
    const p = await project({
      'content/docs/index.mdx': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page('Hello.'), 'utf16le')]),
    });
    const result = await run(p);
    assertFailedWith(result, [{ file: 'content/docs/index.mdx', line: 1, column: 1, rule: 'encoding' }]);
    assert.match(result.stdout, /saved as UTF-16; save it as UTF-8/);
  });
});

/** Runs the real CLI in a shell whose open-file limit is `limit`. */
function runUnderLimit(limit: number, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    const child = spawn('bash', ['-c', `ulimit -n ${limit} && exec "$0" "$@"`, process.execPath, CLI, ...args], {
      cwd,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

describe('open files stay bounded', () => {
  test('1,500 pages validate and build under a limit of 256 open files', { timeout: 240_000 }, async () => {
    const p = await project({});
    // Standalone pages: no sidebar, so every page stays tiny and the test is about files, not rendering.
    await mkdir(join(p.dir, 'content/pages'), { recursive: true });
    for (let i = 0; i < 1500; i++)
      await writeFile(join(p.dir, `content/pages/p${i}.md`), page(`Page ${i}, with a ![dot](./dot.png).`, `P${i}`));
    await writeFile(join(p.dir, 'content/pages/dot.png'), PNG);
    // The cache is on: validate compiles every page and writes it, build reads them back and renders.
    const validated = await runUnderLimit(256, ['validate'], p.dir);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
    assert.match(validated.stdout, /1500 pages: 0 errors/);
    const built = await runUnderLimit(256, ['build'], p.dir);
    assert.equal(built.code, 0, built.stdout + built.stderr);
    assert.match(built.stdout, /built 1501 pages/);
    assert.equal((await readdir(join(p.out, 'site/assets/images'))).length, 1);
  });
});
