import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printHeader } from '../generator/markdown/header.js';
import { heading, link, paragraph, singleLine, text, type Flow } from '../generator/markdown/nodes.js';
import { printMarkdown } from '../generator/markdown/print.js';

// A header written out without the printer must be the header the printer prints.

function printed(title: string, description: string | undefined, address: string | undefined): string {
  const blocks: Flow[] = [heading(1, text(singleLine(title)))];
  if (address !== undefined) blocks.push(paragraph(text('Source: '), ...link(address, [text(address)])));
  const quoted = singleLine(description ?? '');
  if (quoted !== '') blocks.push({ type: 'blockquote', children: [paragraph(text(quoted))] });
  return printMarkdown(blocks, { once: true });
}

/** A fixed sequence of pseudo-random numbers (mulberry32), so that a failure is the same on every run. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mostly what prints as itself, so that most headers are written out; sometimes what does not.
const INERT = [...'aWw1 9 .:/()-!,;?\'"$%é字'];
const OTHER = [...'*_#&[]<>`|~=+\\@\t'];

test('a header of any text prints as the printer prints it, with and without its address', () => {
  const next = numbers(45);
  const pick = (from: string[]) => from[Math.floor(next() * from.length)] as string;
  const word = (length: number, other = 0.03) =>
    Array.from({ length }, () => pick(next() < other ? OTHER : INERT)).join('');
  for (let i = 0; i < 4000; i++) {
    const title = word(1 + Math.floor(next() * 10));
    const description = next() < 0.2 ? undefined : word(Math.floor(next() * 12));
    const address = next() < 0.8 ? `https://example.com/${word(Math.floor(next() * 6), 0.2)}` : word(8);
    const header = { title, description, address };
    assert.equal(printHeader(header, false), printed(title, description, undefined), JSON.stringify(header));
    assert.equal(printHeader(header, true), printed(title, description, address), JSON.stringify(header));
  }
});

test('what escapes only in some places is written as the printer writes it there', () => {
  const texts = [
    '12. Steps',
    '1) first',
    '- x',
    'See www.example',
    'At https://example.com now',
    'ends with 3.',
    'Generated page 1109 of the benchmark.',
    'Ação 字 a - b (c) d! e: f',
  ];
  for (const one of texts)
    for (const [title, description] of [
      [one, 'plain'],
      ['Plain', one],
    ]) {
      const header = { title: title as string, description, address: 'https://example.com/docs/a-b/' };
      assert.equal(printHeader(header, false), printed(header.title, description, undefined));
      assert.equal(printHeader(header, true), printed(header.title, description, header.address));
    }
});
