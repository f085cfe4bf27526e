import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Excerpt } from '../templates/search/Excerpt.js';

test("a search result's excerpt shows Pagefind's entities as their characters, its marks as marks, and nothing as HTML", () => {
  const html = renderToStaticMarkup(
    createElement(Excerpt, {
      text: 'image: &lt;registry&gt;/datasource &amp; <mark>compose</mark> &quot;x&quot; &#39;y&#39; <b>not bold</b>',
    }),
  );
  assert.equal(
    html,
    '<span class="search-hit-excerpt"><span>image: &lt;registry&gt;/datasource &amp; </span><mark>compose</mark>' +
      '<span> &quot;x&quot; &#x27;y&#x27; &lt;b&gt;not bold&lt;/b&gt;</span></span>',
  );
});
