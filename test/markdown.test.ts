import assert from 'node:assert/strict';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { test } from 'node:test';
import { markdownToReact } from '../generator/render/markdown.js';

const render = (text: string, inline = false): string =>
  renderToStaticMarkup(createElement(Fragment, null, markdownToReact(text, { inline })));

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
