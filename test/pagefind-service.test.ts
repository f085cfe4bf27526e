import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { PagefindService } from '../generator/search/pagefind-service.js';
import { tempDir } from './helpers.js';

/**
 * A stand-in for Pagefind's service that speaks its protocol (base64 JSON messages, each ended by a
 * comma) and answers awkwardly on purpose: the first two requests' answers in one write, and the
 * third's, which is long, a few bytes per write, so that the separator falls anywhere in a chunk.
 */
const ANSWERING = `
const answers = [];
let received = '';
const encode = (id, payload) => Buffer.from(JSON.stringify({ message_id: id, payload })).toString('base64') + ',';
process.stdin.setEncoding('latin1');
process.stdin.on('data', async (chunk) => {
  received += chunk;
  let end;
  while ((end = received.indexOf(',')) !== -1) {
    const { message_id, payload } = JSON.parse(Buffer.from(received.slice(0, end), 'base64').toString('utf8'));
    received = received.slice(end + 1);
    answers.push(encode(message_id, { type: 'Echo', text: payload.text }));
  }
  if (answers.length === 2) process.stdout.write(answers.join(''));
  if (answers.length === 3)
    for (let at = 0; at < answers[2].length; at += 5) {
      process.stdout.write(answers[2].slice(at, at + 5));
      await new Promise((next) => setImmediate(next));
    }
});
`;

test("Pagefind's service: answers that share a chunk, and one split over many, each reach their request", async () => {
  const dir = await tempDir('pagefind-service');
  const program = join(dir, 'pagefind');
  await writeFile(program, `#!${process.execPath}\n${ANSWERING}`, { mode: 0o755 });
  const service = new PagefindService(program);
  try {
    const long = 'é, and more; '.repeat(500);
    const first = service.request({ text: 'one' });
    const second = service.request({ text: 'two' });
    assert.deepEqual(await Promise.all([first, second]), [
      { type: 'Echo', text: 'one' },
      { type: 'Echo', text: 'two' },
    ]);
    assert.deepEqual(await service.request({ text: long }), { type: 'Echo', text: long });
  } finally {
    service.stop();
  }
});
