import assert from 'node:assert/strict';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { test } from 'node:test';
import { contractUrls, documentOrigin } from '../generator/render/api/contract-links.js';
import { inlineMarkdownToReact, markdownToReact, markdownToText } from '../generator/render/markdown.js';

const render = (text: string, inline = false, resolveUrl?: (url: string) => string | undefined): string =>
  renderToStaticMarkup(
    createElement(Fragment, null, markdownToReact(text, { inline, ...(resolveUrl ? { resolveUrl } : {}) })),
  );

test('untrusted Markdown keeps its formatting and loses everything that could run', () => {
  const hostile = [
    'Lists **buckets**; see [the guide](https://example.com/guide).',
    '<script>alert(1)</script>',
    '<img src="x" onerror="alert(2)">',
    '[click](javascript:alert(3)) and [data](data:text/html,<script>alert(4)</script>)',
    '<a href="javascript:alert(5)">raw</a> <iframe src="https://evil.example"></iframe>',
  ].join('\n\n');
  const html = render(hostile);
  assert.match(html, /<strong>buckets<\/strong>/);
  assert.match(html, /<a href="https:\/\/example\.com\/guide">the guide<\/a>/);
  for (const bad of ['<script', 'onerror', 'javascript:', 'data:text/html', '<iframe', 'alert('])
    assert.ok(!html.includes(bad), `${bad} survived: ${html}`);
});

test('inline Markdown (the announcement bar) is not wrapped in a paragraph', () => {
  assert.equal(render('Version *2* is out', true), 'Version <em>2</em> is out');
  assert.equal(render('Version *2* is out'), '<p>Version <em>2</em> is out</p>');
});

test('HTML in Markdown is parsed: allowed elements stay, the text of every other one stays, script and style go', () => {
  assert.equal(render('<p>Retrieves the details of an account.</p>'), '<p>Retrieves the details of an account.</p>');
  const html = render(
    [
      '<p>A <font color="red">font</font> <span onclick="alert(1)" style="color:red">span</span> <b>bold</b>.</p>',
      '<center>centered</center>',
      '<script>alert(2)</script><style>p { display: none }</style><iframe src="https://evil.example">frame</iframe>',
      '<a href="javascript:alert(3)">js</a> <a href="https://example.com/" onmouseover="alert(4)">ok</a>',
    ].join('\n\n'),
  );
  assert.match(html, /<p>A font <span>span<\/span> <b>bold<\/b>\.<\/p>/);
  for (const text of ['centered', 'frame', '>js<', '<a href="https://example.com/">ok</a>'])
    assert.ok(html.includes(text), text);
  for (const bad of [
    '<script',
    '<style',
    'display',
    '<iframe',
    'onclick',
    'onmouseover',
    'style=',
    'javascript:',
    'alert(',
  ])
    assert.ok(!html.includes(bad), `${bad} survived: ${html}`);
});

test('a tag of bare words inside a sentence is a placeholder, shown as written', () => {
  assert.equal(
    render('Use the format <main request name>[/<subrequest name>], or <b>this</b>.'),
    '<p>Use the format &lt;main request name&gt;[/&lt;subrequest name&gt;], or <b>this</b>.</p>',
  );
  // A lone tag that names no HTML element and is never closed is one too; a closed one is markup.
  assert.equal(
    render('Connect to <hostname>:<port> as <user-name>, then <span>go</span> and <my-tag>wrap</my-tag>.'),
    '<p>Connect to &lt;hostname&gt;:&lt;port&gt; as &lt;user-name&gt;, then <span>go</span> and wrap.</p>',
  );
});

test('a summary is inline Markdown without links or blocks, and its plain text has no Markdown', () => {
  const summary = 'Creates a **fine-tuning** job from a `dataset`.\n\n[Learn more](/docs/guides/fine-tuning)';
  const inline = renderToStaticMarkup(createElement(Fragment, null, inlineMarkdownToReact(summary)));
  assert.equal(inline, 'Creates a <strong>fine-tuning</strong> job from a <code>dataset</code>. Learn more');
  assert.equal(markdownToText(summary), 'Creates a fine-tuning job from a dataset. Learn more');
  assert.equal(markdownToText('<p>One.</p><p>Two <script>x</script>three.</p>'), 'One. Two three.');
});

test("relative links resolve against the contract's externalDocs or server origin, else they are text", () => {
  const anchors = new Map([['getThing', '/api/x/#getThing']]);
  const links = (document: Record<string, unknown>): string =>
    render(
      '[a](/docs/a) [b](../b?q=1) [c](#getThing) [d](#other) [e](https://e.example/) [f](mailto:f@example.com)',
      false,
      contractUrls(document, anchors),
    );
  assert.equal(
    links({ externalDocs: { url: 'https://docs.example/guide/' }, servers: [{ url: 'https://api.example/v1' }] }),
    '<p><a href="https://docs.example/docs/a">a</a> <a href="https://docs.example/b?q=1">b</a> <a href="/api/x/#getThing">c</a> d <a href="https://e.example/">e</a> <a href="mailto:f@example.com">f</a></p>',
  );
  assert.equal(
    links({ servers: [{ url: '/' }] }),
    '<p>a b <a href="/api/x/#getThing">c</a> d <a href="https://e.example/">e</a> <a href="mailto:f@example.com">f</a></p>',
  );
  assert.equal(
    documentOrigin({ servers: [{ url: '/v1' }, { url: 'https://api.example/v1' }] }),
    'https://api.example/',
  );
  assert.equal(
    documentOrigin({
      servers: [
        { url: '{scheme}://{host}/v1', variables: { scheme: { default: 'https' }, host: { default: 'h.example' } } },
      ],
    }),
    'https://h.example/',
  );
  assert.equal(
    documentOrigin({ externalDocs: { url: 'javascript:alert(1)' }, servers: [{ url: 'ftp://f.example/' }] }),
    undefined,
  );
});

test('text nested deeper than the limit is shown as plain text instead of exhausting the stack', () => {
  for (const text of ['<div>'.repeat(20_000) + 'deep', '> '.repeat(20_000) + 'deep', `${' '.repeat(200)}- deep`]) {
    assert.match(render(text), /deep<\/p>$/);
    assert.equal(markdownToText(text).endsWith('deep'), true);
  }
  // Ordinary nesting is still Markdown.
  assert.equal(
    render('> > quoted **twice**'),
    '<blockquote>\n<blockquote>\n<p>quoted <strong>twice</strong></p>\n</blockquote>\n</blockquote>',
  );
});
