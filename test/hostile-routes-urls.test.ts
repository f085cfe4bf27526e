import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { isSafeUrl } from '../templates/url-policy.js';
import { runCli, tempDir, type Run } from './helpers.js';

/**
 * Hostile routes and URLs: a route may not lead out of `out/site`, and no URL with a scheme other
 * than http, https, mailto or tel reaches a page, from content, the config or a contract.
 */

interface Project {
  /** The temp folder; the project sits three levels below it, so a route that climbs lands in here. */
  outer: string;
  root: string;
}

async function project(files: Record<string, string>): Promise<Project> {
  const outer = await tempDir('hostile-routes');
  const root = join(outer, 'x', 'y', 'project');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return { outer, root };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));
}

/** Every file in the temp folder that is not one the test wrote or the build's own `out/`. */
async function strayFiles(p: Project, written: Record<string, string>): Promise<string[]> {
  const ours = new Set(Object.keys(written).map((path) => join(p.root, path)));
  const out = join(p.root, 'out') + sep;
  const cache = join(p.root, '.specsite') + sep;
  return (await filesUnder(p.outer))
    .filter((file) => !ours.has(file) && !file.startsWith(out) && !file.startsWith(cache))
    .map((file) => relative(p.outer, file));
}

interface Line {
  file: string;
  line: number;
  column: number;
  severity: string;
  rule: string;
  message: string;
  pointer: string | undefined;
}

const DIAGNOSTIC = /^(.+?):(\d+):(\d+) (error|warning) \[([\w-]+)\] (.*?)(?: \(at (#\S*)\))?$/;

function diagnostics(run: Run): Line[] {
  return (run.stdout + run.stderr).split('\n').flatMap((text) => {
    const m = DIAGNOSTIC.exec(text);
    return m
      ? [
          {
            file: m[1] as string,
            line: Number(m[2]),
            column: Number(m[3]),
            severity: m[4] as string,
            rule: m[5] as string,
            message: m[6] as string,
            pointer: m[7],
          },
        ]
      : [];
  });
}

function errors(run: Run): Line[] {
  return diagnostics(run).filter((d) => d.severity === 'error');
}

async function build(p: Project): Promise<Run> {
  return runCli(['build', '--no-cache'], p.root);
}

async function exists(path: string): Promise<boolean> {
  try {
    await readdir(path);
    return true;
  } catch {
    return false;
  }
}

const page = (title: string, extra = '', body = 'Text.\n'): string =>
  `---\ntitle: ${title}\ndescription: A page.\n${extra}---\n\n${body}`;

describe('routes cannot leave out/site', () => {
  // Each slug is on line 4 of its page, after the title and description, at column 7.
  const SLUGS: Record<string, string> = {
    'climbs-absolute': '"/../../../../somewhere/"',
    'climbs-relative': '"../../../../somewhere"',
    'climbs-deep': '"/a/b/../../../../../../../../tmp/x/"',
    'dot-segment': '"/a/./b/"',
    'empty-segment': '"/a//b/"',
    backslash: '"/a\\\\..\\\\..\\\\b/"',
    'encoded-dots': '"/%2e%2e/%2E%2E/%2e%2e/%2e%2e/x/"',
    'encoded-slash': '"/a%2f..%2f..%2fb/"',
    'encoded-backslash': '"/a%5c..%5cb/"',
    nul: '"/a\\0b/"',
    control: '"/a\\x01b/"',
    'tab-in-segment': '"/a\\tb/"',
    'absolute-url': '"https://evil.example/x/"',
    'protocol-relative': '"//evil.example/x/"',
  };

  test('a slug with "..", ".", "//", "\\", encoded separators, controls or a URL is one located route-invalid error, and nothing is written anywhere', async () => {
    const files: Record<string, string> = {
      'site-config.yaml': 'title: Routes\n',
      'content/docs/fine.mdx': page('Fine'),
    };
    for (const [name, slug] of Object.entries(SLUGS)) files[`content/docs/${name}.mdx`] = page(name, `slug: ${slug}\n`);
    files['content/docs/id-climbs.mdx'] = page('Id', 'id: ".."\n');
    files['content/pages/page-climbs.mdx'] = page('Page', 'slug: "/../../../../somewhere-else/"\n');
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    for (const name of Object.keys(SLUGS)) {
      const mine = found.filter((d) => d.file === `content/docs/${name}.mdx`);
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(mine)}`);
      assert.deepEqual(
        [mine[0]?.line, mine[0]?.column, mine[0]?.rule, mine[0]?.pointer],
        [4, 7, 'route-invalid', '#/slug'],
        name,
      );
    }
    assert.deepEqual(
      found.filter((d) => d.file === 'content/docs/id-climbs.mdx').map((d) => [d.line, d.rule]),
      [[4, 'route-invalid']],
    );
    assert.deepEqual(
      found.filter((d) => d.file === 'content/pages/page-climbs.mdx').map((d) => [d.line, d.rule]),
      [[4, 'route-invalid']],
    );
    assert.equal(found.length, Object.keys(SLUGS).length + 2, 'nothing but the refused routes is an error');
    assert.doesNotMatch(run.stdout + run.stderr, /internal error|\n\s+at /);
    assert.deepEqual(await strayFiles(p, files), []);
    assert.equal(await exists(join(p.root, 'out')), false, 'a failed build writes no out/');
  });

  test('a content file whose name holds a backslash, an encoded separator or a control character is refused at the file', async () => {
    const names = ['back\\slash.mdx', 'a%2f..%2fb.mdx', '%2e%2e.mdx', 'a%5cb.mdx', 'bell\u0007.mdx', 'tab\there.mdx'];
    const files: Record<string, string> = {
      'site-config.yaml': 'title: Names\n',
      'content/docs/fine.mdx': page('Fine'),
    };
    for (const [index, name] of names.entries()) files[`content/docs/${name}`] = page(`Page ${index}`);
    files['content/docs/sub%2f..%2f..%2f/inner.mdx'] = page('Inner');
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    assert.equal(found.length, names.length + 1, run.stdout + run.stderr);
    for (const d of found) assert.deepEqual([d.line, d.column, d.rule], [1, 1, 'route-invalid'], d.file);
    assert.deepEqual(await strayFiles(p, files), []);
  });

  test('an API route, the base URL and a link\'s "to" in the config are held to the same rule, located at their keys', async () => {
    const routes = [
      '/api/../../../../escape/',
      '/api/%2e%2e/%2e%2e/x/',
      '/api\\..\\x/',
      '//evil.example/',
      '/api//x/',
      '/api/./x/',
      '/api/\u0000/',
    ];
    const apis = routes
      .map((route, index) => `  - { id: api${index}, route: ${JSON.stringify(route)}, spec: openapi/pets.yaml }\n`)
      .join('');
    const config = `title: Config\nbaseUrl: "/../"\nnavbar:\n  items:\n    - { type: link, label: L, to: "/../../x/" }\nfooter:\n  columns:\n    - { title: F, items: [{ label: f, to: "//evil.example/" }] }\napis:\n${apis}`;
    const files = { 'site-config.yaml': config, 'openapi/pets.yaml': PETS };
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    const expected = [
      '#/baseUrl',
      '#/navbar/items/0/to',
      '#/footer/columns/0/items/0/to',
      ...routes.map((_, index) => `#/apis/${index}/route`),
    ];
    assert.deepEqual(found.map((d) => d.pointer).sort(), expected.sort(), run.stdout);
    for (const d of found) {
      assert.equal(d.rule, 'route-invalid', d.message);
      assert.equal(d.file, 'site-config.yaml');
      assert.ok(d.line > 1 && d.column > 1, `${d.pointer} is located at its value`);
    }
    assert.deepEqual(await strayFiles(p, files), []);
    assert.equal(await exists(join(p.root, 'out')), false);
  });
});

describe('one URL policy: http, https, mailto, tel and paths', () => {
  // Each vector is a page; `line` is where its error is (the page body starts on line 6).
  const VECTORS: Array<{ name: string; body: string; line: number; ext?: string }> = [
    { name: 'inline-link', body: '[a](javascript:alert(1))', line: 6 },
    { name: 'reference-vbscript', body: '[a][r]\n\n[r]: vbscript:msgbox(1)', line: 8 },
    { name: 'reference-data', body: '[a][r]\n\n[r]: data:text/html,<script>alert(1)</script>', line: 8 },
    { name: 'reference-image', body: '![a][r]\n\n[r]: javascript:alert(1)', line: 8 },
    { name: 'reference-unused', body: 'Text.\n\n[r]: javascript:alert(1)', line: 8 },
    { name: 'entity-encoded', body: '[a](javascript&#58;alert(1))', line: 6 },
    { name: 'autolink', body: 'See <javascript:alert(1)>.', line: 6, ext: 'md' },
    { name: 'autolink-vbscript', body: '<vbscript:msgbox(1)>', line: 6, ext: 'md' },
    { name: 'jsx-literal-expression', body: '<a href={"javascript:alert(1)"}>x</a>', line: 6 },
    { name: 'jsx-template-literal', body: '<a href={`javascript:alert(1)`}>x</a>', line: 6 },
    { name: 'jsx-mixed-case', body: '<a href="JaVaScRiPt:alert(1)">x</a>', line: 6 },
    { name: 'jsx-tab-in-scheme', body: '<a href="java&#9;script:alert(1)">x</a>', line: 6 },
    { name: 'card-href', body: '<Card title="c" href="javascript:alert(1)" />', line: 6 },
    { name: 'card-href-expression', body: '<Card title="c" href={"data:text/html,x"} />', line: 6 },
    { name: 'button-link', body: '<ButtonLink href="vbscript:msgbox(1)">b</ButtonLink>', line: 6 },
    { name: 'xlink-href-camel', body: '<a xlinkHref="javascript:alert(1)">x</a>', line: 6 },
    { name: 'xlink-href-namespaced', body: '<a xlink:href="javascript:alert(1)">x</a>', line: 6 },
    { name: 'srcset-camel', body: '<img srcSet="/a.png 1x, javascript:alert(1) 2x" alt="" />', line: 6 },
    { name: 'srcset-lower', body: '<img srcset="data:text/html,x 1x" alt="" />', line: 6 },
    { name: 'srcset-array', body: '<img srcSet={["/a.png 1x", "javascript:alert(1) 2x"]} alt="" />', line: 6 },
    { name: 'src', body: '<img src="javascript:alert(1)" alt="" />', line: 6 },
    { name: 'cite', body: '<q cite="javascript:alert(1)">x</q>', line: 6 },
    { name: 'action', body: '<div action="javascript:alert(1)">x</div>', line: 6 },
    {
      name: 'background',
      body: '<table background="javascript:alert(1)"><tbody><tr><td>x</td></tr></tbody></table>',
      line: 6,
    },
    { name: 'data', body: '<div data="javascript:alert(1)">x</div>', line: 6 },
    { name: 'ping', body: '<a href="/ok/" ping="/p javascript:alert(1)">x</a>', line: 6 },
    { name: 'longdesc', body: '<img longDesc="javascript:alert(1)" alt="" />', line: 6 },
    { name: 'manifest', body: '<div manifest="javascript:alert(1)">x</div>', line: 6 },
    { name: 'itemtype', body: '<div itemType="https://schema.org/Thing javascript:alert(1)">x</div>', line: 6 },
    { name: 'poster', body: '<div poster="javascript:alert(1)">x</div>', line: 6 },
  ];

  test('each vector in a page is one located unsafe-url error; http, https, mailto, tel and paths pass', async () => {
    const files: Record<string, string> = { 'site-config.yaml': 'title: URLs\n' };
    for (const v of VECTORS) files[`content/docs/${v.name}.${v.ext ?? 'mdx'}`] = page(v.name, '', `${v.body}\n`);
    files['content/docs/allowed.mdx'] = page(
      'Allowed',
      '',
      [
        '[web](https://example.com/x) [plain](http://example.com) [mail](mailto:a@example.com) [phone](tel:+15550100) [path](/docs/allowed/) [anchor](#top) [rel](./allowed.mdx)',
        '',
        '[ref][r]',
        '',
        '[r]: https://example.com/ref',
        '',
        '<Card title="c" href="/docs/allowed/" />',
        '',
        '<ButtonLink href={"https://example.com/b"}>b</ButtonLink>',
        '',
        '<a href="/docs/allowed/" title="javascript: is a word here">t</a>',
        '',
        '<img srcSet="/a.png 1x, https://example.com/b.png 2x" alt="" />',
        '',
      ].join('\n'),
    );
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    for (const v of VECTORS) {
      const mine = found.filter((d) => d.file === `content/docs/${v.name}.${v.ext ?? 'mdx'}`);
      assert.equal(mine.length, 1, `${v.name}: ${JSON.stringify(mine)}`);
      assert.deepEqual([mine[0]?.line, mine[0]?.rule], [v.line, 'unsafe-url'], `${v.name}: ${mine[0]?.message}`);
    }
    assert.deepEqual(
      found.filter((d) => d.file === 'content/docs/allowed.mdx'),
      [],
      'allowed URLs are not errors',
    );
    assert.equal(found.length, VECTORS.length);
    assert.equal(await exists(join(p.root, 'out')), false);
  });

  test("config links (navbar, dropdown, icon links, footer, sidebar) and the site url accept only the policy's URLs, located at their keys", async () => {
    const config = [
      'title: Config links',
      'url: "javascript:alert(1)"',
      'navbar:',
      '  items:',
      '    - { type: link, label: L, href: "javascript:alert(1)" }',
      '    - { type: iconLink, icon: github, label: G, href: "data:text/html,<script>alert(1)</script>" }',
      '    - { type: dropdown, label: D, items: [{ label: a, href: "vbscript:msgbox(1)" }, { label: b, href: "https://example.com" }] }',
      '    - { type: link, label: M, href: "mailto:docs@example.com" }',
      'footer:',
      '  columns:',
      '    - { title: F, items: [{ label: f, href: "JaVaScRiPt:alert(1)" }, { label: t, href: "tel:+15550100" }] }',
      'sidebar:',
      '  - { type: link, label: s, href: "java\\tscript:alert(1)" }',
      '  - { type: link, label: ok, href: "https://example.com/ok" }',
      '',
    ].join('\n');
    const files = { 'site-config.yaml': config, 'content/docs/index.mdx': page('Home') };
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    const expected: Array<[string, string]> = [
      ['#/url', 'config-invalid'],
      ['#/navbar/items/0/href', 'unsafe-url'],
      ['#/navbar/items/1/href', 'unsafe-url'],
      ['#/navbar/items/2/items/0/href', 'unsafe-url'],
      ['#/footer/columns/0/items/0/href', 'unsafe-url'],
      ['#/sidebar/0/href', 'unsafe-url'],
    ];
    assert.deepEqual(found.map((d) => [d.pointer, d.rule]).sort(), expected.sort(), run.stdout);
    for (const d of found)
      assert.ok(d.file === 'site-config.yaml' && d.line > 1 && d.column > 1, `${d.pointer} located`);
  });

  test("the announcement bar's Markdown links are held to the policy, located at its content", async () => {
    const content =
      'Read [this](javascript:alert(1)), [that][r], <vbscript:msgbox(1)> and [fine](https://example.com).\\n\\n[r]: data:text/html,x';
    const files = {
      'site-config.yaml': `title: Bar\nannouncementBar:\n  id: a1\n  content: "${content}"\n`,
      'content/docs/index.mdx': page('Home'),
    };
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    assert.equal(found.length, 3, run.stdout);
    for (const d of found)
      assert.deepEqual(
        [d.file, d.line, d.column, d.rule, d.pointer],
        ['site-config.yaml', 4, 12, 'unsafe-url', '#/announcementBar/content'],
      );
  });

  test("a contract's script URLs (servers, external docs, contact, license, OpenID, description links) are built as text: no page links to them", async () => {
    const contract = `openapi: 3.1.0
info:
  title: Hostile links
  version: 1.0.0
  contact: { name: C, url: "javascript:alert(1)" }
  license: { name: L, url: "javascript:alert(2)" }
  description: |
    Inline [inline](javascript:alert(3)), reference [ref][r], autolink <javascript:alert(4)>,
    encoded [enc](javascript&#58;alert(5)), raw <a href="javascript:alert(6)">raw</a> <script>alert(7)</script>,
    irc [irc](irc://irc.example/chan), phone [phone](tel:+15550100), web [web](https://example.com/w).

    [r]: data:text/html,<script>alert(8)</script>
externalDocs: { url: "javascript:alert(9)", description: "[docs](vbscript:msgbox(1))" }
servers:
  - url: "javascript:alert(10)"
    description: "[server](javascript:alert(11))"
components:
  securitySchemes:
    oidc: { type: openIdConnect, openIdConnectUrl: "javascript:alert(12)" }
paths:
  /x:
    get:
      operationId: getX
      description: "[op](javascript:alert(13)) [tag][t]\\n\\n[t]: vbscript:msgbox(2)"
      externalDocs: { url: "javascript:alert(14)" }
      responses: { '200': { description: "[ok](data:text/html,x)" } }
`;
    const config =
      'title: Contract links\nnavbar:\n  items:\n    - { type: link, label: Mail, href: "mailto:docs@example.com" }\n    - { type: iconLink, icon: github, label: Code, href: "https://example.com/code" }\napis:\n  - { id: hostile, spec: openapi/hostile.yaml }\n';
    const files = {
      'site-config.yaml': config,
      'openapi/hostile.yaml': contract,
      'content/docs/index.mdx': page('Home'),
    };
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const html = (await filesUnder(join(p.root, 'out/site'))).filter((f) => f.endsWith('.html'));
    const reference = await readFile(join(p.root, 'out/site/api/hostile/index.html'), 'utf8');
    let attributes = 0;
    for (const file of html) {
      const text = await readFile(file, 'utf8');
      for (const [, name, value] of text.matchAll(/\s([\w:-]+)=("[^"]*"|'[^']*')/g)) {
        if (
          !/^(href|src|srcset|action|formaction|xlink:href|poster|cite|background|data|ping|longdesc|manifest|itemtype)$/i.test(
            name as string,
          )
        )
          continue;
        attributes += 1;
        const url = decodeEntities((value as string).slice(1, -1));
        assert.ok(isSafeUrl(url), `${relative(p.root, file)}: ${name}=${value}`);
      }
      assert.doesNotMatch(text, /<script>alert/, relative(p.root, file));
    }
    assert.ok(attributes > 20, 'the pages have links to check');
    // The links' texts stay, as text; allowed links stay links, other schemes (irc) are dropped like script ones.
    for (const word of ['inline', 'ref', 'enc', 'server', 'op', 'ok'])
      assert.match(reference, new RegExp(`>${word}<|\\b${word}\\b`), word);
    assert.match(reference, /href="tel:\+15550100"/);
    assert.match(reference, /href="https:\/\/example.com\/w"/);
    assert.doesNotMatch(reference, /href="irc:/);
    assert.match(reference, /<code>javascript:alert\(10\)<\/code>/, 'the server URL is shown as code');
    const home = await readFile(join(p.root, 'out/site/docs/index.html'), 'utf8');
    assert.match(home, /href="mailto:docs@example.com"/, 'allowed config links are links');
  });
});

describe('nesting depth has a limit', () => {
  test('3,000 and 30,000 nested <div>s, block quotes or list items fail quickly with one located depth-limit error each', async () => {
    const nested = {
      'divs-3000.mdx': `${'<div>'.repeat(3000)}x${'</div>'.repeat(3000)}`,
      'divs-30000.mdx': `${'<div>'.repeat(30000)}x${'</div>'.repeat(30000)}`,
      'quotes-30000.md': `${'>'.repeat(30000)} x`,
      'quotes-lines-3000.md': Array.from({ length: 3000 }, (_, i) => `${'>'.repeat(i + 1)} x`).join('\n'),
      'lists-30000.md': `${'- '.repeat(30000)}x`,
      'ordered-3000.md': `${'1. '.repeat(3000)}x`,
      'nested-jsx-lines-3000.mdx':
        Array.from({ length: 3000 }, () => '<div>').join('\n') +
        '\nx\n' +
        Array.from({ length: 3000 }, () => '</div>').join('\n'),
    };
    const files: Record<string, string> = {
      'site-config.yaml': 'title: Deep\n',
      'content/docs/fine.mdx': page(
        'Fine',
        '',
        `${'<div>'.repeat(20)}x${'</div>'.repeat(20)}\n\n${'> '.repeat(20)}x\n`,
      ),
    };
    for (const [name, body] of Object.entries(nested)) files[`content/docs/${name}`] = page(name, '', `${body}\n`);
    const p = await project(files);
    const started = Date.now();
    const run = await build(p);
    const seconds = (Date.now() - started) / 1000;
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout + run.stderr, /internal error|Maximum call stack|\n\s+at /);
    const found = errors(run);
    for (const name of Object.keys(nested)) {
      const mine = found.filter((d) => d.file === `content/docs/${name}`);
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(mine)}`);
      assert.equal(mine[0]?.rule, 'depth-limit', name);
      assert.match(mine[0]?.message ?? '', /256 levels/, name);
      assert.ok((mine[0]?.line ?? 0) >= 1, name);
    }
    assert.equal(found.length, Object.keys(nested).length, 'a page nested 20 deep is fine');
    assert.ok(seconds < 60, `took ${seconds} s`);
  });
});

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const PETS = `openapi: 3.1.0
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      responses: { '200': { description: OK } }
`;
