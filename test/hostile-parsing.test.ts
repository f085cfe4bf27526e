import assert from 'node:assert/strict';
import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { MAX_NESTING_DEPTH } from '../generator/sources/limits.js';
import { parseSourceText } from '../generator/sources/source-file.js';
import { runCli } from './helpers.js';
import { assertOneLocated, CONTRACT_HEAD, project } from './hostile-parsing-helpers.js';

describe('hostile parsing: diagnostics print control characters visibly', () => {
  const evilKey = 'x\n::error file=evil.yaml,line=1::owned\u001b[2J\u202eabc\u2028\u0085';
  const contract = JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1', [evilKey]: 1 }, paths: {} });

  for (const format of ['text', 'github', 'markdown'] as const) {
    test(`${format}: one line per problem, escapes instead of control characters`, async () => {
      const dir = await project({ 'evil.json': contract });
      const run = await runCli(['validate', '--format', format, 'evil.json'], dir);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(
        run.stdout,
        /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
      );
      assert.ok(!run.stdout.split('\n').some((line) => line.startsWith('::error file=evil.yaml')), run.stdout);
      const lines = run.stdout.split('\n').filter((line) => line.includes('unknown field'));
      assert.equal(lines.length, 1, run.stdout);
      for (const escape of ['\\n::error file=evil.yaml', '\\x1b[2J', '\\u202e', '\\u2028', '\\x85'])
        assert.ok((lines[0] as string).replaceAll('\\[', '[').includes(escape), `${escape} in ${lines[0]}`);
    });
  }

  test('json: the key comes back as it was written', async () => {
    const dir = await project({ 'evil.json': contract });
    const run = await runCli(['validate', '--format', 'json', 'evil.json'], dir);
    const report = JSON.parse(run.stdout) as { diagnostics: { message: string; pointer?: string }[] };
    assert.ok(
      report.diagnostics.some((d) => d.message.includes(evilKey) && d.pointer === `/info/${evilKey}`),
      run.stdout,
    );
  });
});

describe('hostile parsing: JSON keys', () => {
  test('a key given twice in a JSON contract is a parse error at its second occurrence', async () => {
    const dir = await project({
      'dup.json':
        '{\n  "openapi": "3.0.3",\n  "info": { "title": "t", "version": "1" },\n  "paths": {},\n  "info": { "title": "u", "version": "2" }\n}\n',
    });
    const line = assertOneLocated(await runCli(['validate', 'dup.json'], dir), 'dup.json', 'parse', 5);
    assert.match(
      line,
      /:5:3 error \[parse\] invalid JSON: the key "info" is given twice in one object \(first on line 3\)/,
    );
  });

  test('a duplicate deep inside, after strings full of escaped quotes and backslashes, is found; the same text without it is fine', async () => {
    const tricky = { description: 'a \\" quote\\\\', 'x-a\\': ['\\', '"', '\\"', ':'], 'x-": "': { '"': '\\\\\\"' } };
    const clean = JSON.stringify(
      { openapi: '3.0.3', info: { title: 't', version: '1', ...tricky }, paths: {} },
      null,
      1,
    );
    const dir = await project({
      'clean.json': clean,
      'dup.json': clean.replace('"paths": {}', '"paths": {"/a": {}, "/b": {}, "/a": {}}'),
    });
    const ok = await runCli(['validate', 'clean.json'], dir);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    const line = assertOneLocated(await runCli(['validate', 'dup.json'], dir), 'dup.json', 'parse');
    assert.match(line, /the key "\/a" is given twice/);
  });

  test('a "__proto__" key in JSON and YAML is an ordinary key', () => {
    for (const [name, text] of [
      ['a.json', '{"__proto__": {"polluted": true}, "constructor": 1}'],
      ['a.yaml', '__proto__: { polluted: true }\nconstructor: 1\n'],
    ] as const) {
      const parsed = parseSourceText(name, text);
      assert.ok(parsed.ok);
      const data = parsed.file.data as Record<string, unknown>;
      assert.deepEqual(Object.keys(data), ['__proto__', 'constructor'], name);
      assert.equal(Object.getPrototypeOf(data), Object.prototype);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }
  });
});

describe('hostile parsing: encodings', () => {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  test('a UTF-8 byte-order mark is dropped in the config and in YAML and JSON contracts', async () => {
    const dir = await project({
      'site-config.yaml': Buffer.concat([
        BOM,
        utf8('title: T\napis:\n  - { id: y, spec: openapi/y.yaml }\n  - { id: j, spec: openapi/j.json }\n'),
      ]),
      'openapi/y.yaml': Buffer.concat([BOM, utf8(CONTRACT_HEAD)]),
      'openapi/j.json': Buffer.concat([
        BOM,
        utf8(JSON.stringify({ openapi: '3.0.3', info: { title: 'J', version: '1.0.0' }, paths: {} })),
      ]),
    });
    const run = await runCli(['validate'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /validated 2 documents and 0 pages: 0 errors, 0 warnings/);
  });

  const cases: [string, string, Buffer, RegExp, number][] = [
    [
      'UTF-16 with a byte-order mark',
      'u16.yaml',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CONTRACT_HEAD, 'utf16le')]),
      /:1:1 error \[encoding\] the file is not UTF-8 text: it looks like UTF-16/,
      1,
    ],
    [
      'UTF-16 big-endian without one',
      'u16.json',
      Buffer.from(Buffer.from('{"openapi": "3.0.3"}', 'utf16le').swap16()),
      /:1:1 error \[encoding\] the file is not UTF-8 text: it looks like UTF-16/,
      1,
    ],
    [
      'a Latin-1 byte',
      'latin1.yaml',
      Buffer.concat([
        utf8('openapi: 3.0.3\ninfo:\n  title: caf'),
        Buffer.from([0xe9]),
        utf8('\n  version: "1"\npaths: {}\n'),
      ]),
      /:3:13 error \[encoding\] the file is not UTF-8 text: byte 0xe9 here is not UTF-8/,
      3,
    ],
    [
      'a truncated sequence after a valid one',
      'cut.json',
      Buffer.concat([utf8('{"openapi": "3.0.3", "x": "é'), Buffer.from([0xe2, 0x82]), utf8('"}')]),
      /:1:29 error \[encoding\]/,
      1,
    ],
  ];
  for (const [what, file, bytes, expected, line] of cases) {
    test(`a contract in ${what} is one located [encoding] error`, async () => {
      const dir = await project({ [file]: bytes });
      assert.match(assertOneLocated(await runCli(['validate', file], dir), file, 'encoding', line), expected);
    });
  }

  test('a config in UTF-16 is one located [encoding] error', async () => {
    const dir = await project({
      'site-config.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('title: T\n', 'utf16le')]),
    });
    assertOneLocated(await runCli(['validate'], dir), 'site-config.yaml', 'encoding', 1);
  });
});

describe('hostile parsing: limits', () => {
  const nestedFlow = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  test(`nesting: ${MAX_NESTING_DEPTH} levels parse, one more is a [depth-limit] error at the level that goes past`, () => {
    const body = (n: number) => `{"a": ${nestedFlow(n - 1)}}`;
    for (const name of ['x.json', 'x.yaml']) {
      assert.equal(parseSourceText(name, body(MAX_NESTING_DEPTH)).ok, true, name);
      const deeper = parseSourceText(name, body(MAX_NESTING_DEPTH + 1));
      assert.ok(!deeper.ok, name);
      assert.deepEqual(
        deeper.diagnostics.map((d) => [d.rule, d.line, d.column]),
        [['depth-limit', 1, 7 + MAX_NESTING_DEPTH - 1]],
        name,
      );
    }
  });

  const deep: [string, string, string][] = [
    [
      '600 levels of JSON',
      'deep.json',
      `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "x-deep": ${nestedFlow(600)}}`,
    ],
    ['10,000 levels of YAML flow collections', 'deep.yaml', `${CONTRACT_HEAD}x-deep: ${nestedFlow(10_000)}\n`],
    ['200,000 unclosed brackets, not even valid JSON', 'unclosed.json', '['.repeat(200_000)],
    ['100,000 unclosed objects, not even valid JSON', 'objects.json', '{"a":'.repeat(100_000)],
    ['200,000 unclosed YAML flow sequences', 'unclosed.yaml', `a: ${'['.repeat(200_000)}`],
    [
      '600 levels of YAML block mappings',
      'block.yaml',
      `${CONTRACT_HEAD}x-deep:\n${Array.from({ length: 600 }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`,
    ],
  ];
  for (const [what, file, text] of deep) {
    test(`${what}: one located [depth-limit] error`, async () => {
      const dir = await project({ [file]: text });
      const run = await runCli(['validate', file], dir);
      assertOneLocated(run, file, 'depth-limit');
    });
  }

  test('a config nested 1,000 levels deep is one located [depth-limit] error', async () => {
    const dir = await project({ 'site-config.yaml': `title: T\nx: ${nestedFlow(1000)}\n` });
    assertOneLocated(await runCli(['validate'], dir), 'site-config.yaml', 'depth-limit', 2);
  });

  test('99 aliases of a 6 MB string: a located [parse] error at the alias that passes 64 MB', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const text = `${CONTRACT_HEAD}x-big: &big "${big}"\nx-copies:\n${Array.from({ length: 99 }, () => '  - *big').join('\n')}\n`;
    const dir = await project({ 'aliases.yaml': text });
    const run = await runCli(['validate', 'aliases.yaml'], dir);
    // 6 MB of text and ten copies pass 64 MB: the tenth alias, on line 5 + 10.
    assert.match(assertOneLocated(run, 'aliases.yaml', 'parse', 15), /aliases repeat more than 64 MB/);
  });

  test('nested aliases ("a billion laughs") are refused', async () => {
    const lines = [
      CONTRACT_HEAD.trimEnd(),
      'x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ];
    for (let i = 1; i < 10; i++)
      lines.push(`x-${i}: &l${i} [${Array.from({ length: 10 }, () => (i === 1 ? '*a' : `*l${i - 1}`)).join(', ')}]`);
    const dir = await project({ 'laughs.yaml': `${lines.join('\n')}\n` });
    assertOneLocated(await runCli(['validate', 'laughs.yaml'], dir), 'laughs.yaml', 'parse');
  });

  test('a file over 64 MB is refused before it is read', async () => {
    const dir = await project({ 'huge.json': '' });
    await truncate(join(dir, 'huge.json'), 65 * 1024 * 1024);
    const run = await runCli(['validate', 'huge.json'], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^huge\.json error \[parse\] the file is 65 MB, more than the 64 MB a file may have$/m);
  });
});
