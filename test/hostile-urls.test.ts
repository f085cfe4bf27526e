import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { isSafeUrl } from '../templates/url-policy.js';
import { build, errors, exists, filesUnder, page, project } from './hostile-routes-helpers.js';

/**
 * Hostile URLs: no URL with a scheme other than http, https, mailto or tel reaches a page, from
 * content, the config or a contract.
 */

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

  test("config links (navbar, dropdown, icon links, footer, sidebar, editUrl) and the site url accept only the policy's URLs, located at their keys", async () => {
    const config = [
      'title: Config links',
      'url: "javascript:alert(1)"',
      'editUrl: "javascript:alert(1)//"',
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
      ['#/editUrl', 'config-invalid'],
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

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
