import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assertFailedWith, filesUnder, page, PNG, project, run } from './hostile-content-helpers.js';

const CLEAN_SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient><rect id="r" width="5" height="5"/></defs><rect width="10" height="10" fill="url(#g)" style="stroke: url(#g)"/><use xlink:href="#r"/><a href="#r"><text>hi</text></a></svg>\n';

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
