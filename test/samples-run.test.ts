import assert from 'node:assert/strict';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { consumerProject } from './consumer-project.js';
import { ROOT, runBin, runCli, tempDir } from './helpers.js';
import {
  multipartParts,
  Recorder,
  runCurl,
  runTypeScript,
  samplesOf,
  type Recorded,
  type Samples,
} from './samples-run-helpers.js';

/**
 * Every way of sending a request (a fixture operation each), built into a site; each operation's
 * curl and TypeScript samples are taken from the page, run against a local recording server, and
 * the request that arrived is compared with what the contract describes.
 */
const FIXTURE = 'test/fixtures/samples-site';
const SERVER = 'https://api.example.test';
const FILE_BYTES = 'the bytes of the file on disk\n';
const KINDS = ['curl', 'typescript'] as const;

type Contract = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>>;
};

describe('code samples, run: curl and fetch send what the contract describes', () => {
  let samples: Map<string, Samples>;
  let recorder: Recorder;
  let work: string;
  let contract: Contract;
  let out: string;

  before(async () => {
    out = await tempDir('samples-run');
    const build = await runCli(['build', '--no-cache', '-c', `${FIXTURE}/site-config.yaml`, '-o', out]);
    assert.equal(build.code, 0, build.stdout + build.stderr);
    samples = await samplesOf(join(out, 'site/api/encodings/index.html'));
    contract = parse(await readFile(`${FIXTURE}/openapi/encodings.yaml`, 'utf8')) as Contract;
    work = await tempDir('samples-work');
    await writeFile(join(work, 'file'), FILE_BYTES);
    recorder = await Recorder.start();
  });
  after(() => recorder.close());

  const example = (path: string, method: string, mediaType: string): unknown =>
    contract.paths[path]?.[method]?.requestBody?.content[mediaType]?.example;

  /** Runs one sample and returns the one request it made. */
  async function sent(id: string, kind: (typeof KINDS)[number]): Promise<Recorded> {
    const sample = samples.get(id)?.[kind];
    assert.ok(sample, `${id} has a ${kind} sample`);
    const count = recorder.requests.length;
    await (kind === 'curl' ? runCurl : runTypeScript)(sample, SERVER, recorder.origin, work);
    assert.equal(recorder.requests.length, count + 1, `${id} (${kind}) made one request`);
    return recorder.requests[count] as Recorded;
  }

  test('JSON: the example as JSON, and nothing in it reaches the shell', async () => {
    for (const kind of KINDS) {
      const request = await sent('jsonBody', kind);
      assert.equal(request.method, 'POST');
      assert.equal(request.url, '/v1/json');
      assert.equal(request.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(request.body.toString('utf8')), example('/json', 'post', 'application/json'), kind);
    }
    await assert.rejects(access(join(work, 'pwned')), 'no command in the example ran');
  });

  test('form-urlencoded: nested objects as deepObject brackets (card[number]=…), arrays per their encoding', async () => {
    const data = example('/form', 'post', 'application/x-www-form-urlencoded') as Record<string, unknown>;
    for (const kind of KINDS) {
      const request = await sent('formBody', kind);
      assert.equal(request.method, 'POST');
      assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded');
      const raw = request.body.toString('utf8');
      assert.doesNotMatch(raw, /object(%20|\+| )Object/);
      assert.deepEqual(
        [...new URLSearchParams(raw)],
        [
          ['name', data.name],
          ['card[number]', '4242424242424242'],
          ['card[exp_month]', '12'],
          ['items[0][price]', 'price_1'],
          ['items[0][quantity]', '2'],
          ['items[1][price]', 'price_2'],
          ['items[1][quantity]', '1'],
          // No encoding entry: an array is one pair per item, an object one pair written as JSON.
          ['tags', 'red'],
          ['tags', 'blue'],
          // style: form, explode: false
          ['expand', 'customer,invoice'],
          ['metadata', JSON.stringify(data.metadata)],
        ],
        kind,
      );
      if (kind === 'curl') assert.match(raw, /(^|&)card\[number\]=4242424242424242&card\[exp_month\]=12&/);
    }
  });

  test('multipart: a file part, JSON parts typed as their encoding says, text sent as written', async () => {
    for (const kind of KINDS) {
      const request = await sent('multipartBody', kind);
      assert.match(request.headers['content-type'] ?? '', /^multipart\/form-data; ?boundary=/);
      const parts = multipartParts(request.body, request.headers['content-type']);
      assert.deepEqual(
        parts.map((p) => [p.name, p.contentType]),
        [
          ['label', undefined],
          ['file', 'image/png'],
          ['metadata', 'application/json'],
          ['raw', 'application/json'],
          ['attachments', 'text/plain'],
        ],
        kind,
      );
      const [label, file, metadata, raw, attachments] = parts;
      const contents = kind === 'curl' ? FILE_BYTES : '<file contents>';
      assert.equal(label?.content.toString('utf8'), '@/etc/passwd;type=text/html', 'an @ value is not a file to curl');
      assert.equal(label?.filename, undefined);
      assert.equal(file?.filename, 'file');
      assert.equal(file?.content.toString('utf8'), contents);
      assert.deepEqual(JSON.parse(metadata?.content.toString('utf8') ?? ''), { owner: 'Ann "A" Lee', pages: 3 });
      assert.equal(JSON.parse(raw?.content.toString('utf8') ?? ''), 'plain "json" text');
      assert.equal(attachments?.filename, 'file');
      assert.equal(attachments?.content.toString('utf8'), contents);
    }
  });

  test('binary and text/plain bodies: the bytes of a file, the text as written', async () => {
    for (const kind of KINDS) {
      const binary = await sent('binaryBody', kind);
      assert.equal(binary.method, 'PUT');
      assert.equal(binary.headers['content-type'], 'application/octet-stream');
      assert.equal(binary.body.toString('utf8'), kind === 'curl' ? FILE_BYTES : '<file contents>');
      const text = await sent('textBody', kind);
      assert.equal(text.headers['content-type'], 'text/plain');
      assert.equal(text.body.toString('utf8'), example('/text', 'post', 'text/plain'), kind);
    }
  });

  test('a GET or HEAD with a documented body: sent without it, and the sample says so', async () => {
    for (const [id, method] of [
      ['getWithBody', 'GET'],
      ['headWithBody', 'HEAD'],
    ] as const) {
      for (const kind of KINDS) {
        const request = await sent(id, kind);
        assert.equal(request.method, method);
        assert.equal(request.body.length, 0);
        assert.equal(request.headers['content-type'], undefined);
        assert.match(
          samples.get(id)?.[kind] ?? '',
          new RegExp(
            `^(# |// )A ${method} request carries no body, so the request body documented for it is left out\\.$`,
            'm',
          ),
        );
      }
    }
  });

  test('query parameters in each style and explode, percent-encoded', async () => {
    for (const kind of KINDS) {
      const request = await sent('queryStyles', kind);
      const query = request.url.slice(request.url.indexOf('?') + 1);
      assert.equal(
        query,
        [
          'q=a%20b%26c%3Dd%2F%C3%A9%3F%23', // reserved characters encoded
          'tags=api&tags=x%2Cy', // form, explode: a pair per item
          'ids=1,2,3', // form, no explode: one pair, comma-separated
          'filters%5BminPrice%5D=10&filters%5BmaxPrice%5D=100', // deepObject
          'sort=name%20price', // spaceDelimited
          'fields=id%7Cname', // pipeDelimited
          'x=1&y=2', // form, explode, object: its members as pairs
          'coords=lat,45.5,lon,-73.5', // form, no explode, object
          'filter=%7B%22status%22%3A%22active%22%7D', // content: application/json
        ].join('&'),
        kind,
      );
      const params = new URLSearchParams(query);
      assert.equal(params.get('q'), 'a b&c=d/é?#');
      assert.deepEqual(params.getAll('tags'), ['api', 'x,y']);
      assert.equal(params.get('filters[minPrice]'), '10');
      assert.equal(params.has('optional'), false, 'an optional parameter is left out');
    }
  });

  test('path parameters: simple, label and matrix, exploded or not', async () => {
    for (const kind of KINDS) {
      const request = await sent('pathStyles', kind);
      assert.equal(request.url, '/v1/paths/1,2,3/.a,b%20c/;category=electronics%2Ftv;id=123/R=100,G=200', kind);
    }
  });

  test('headers and cookies: simple style, nothing that could split a header', async () => {
    for (const kind of KINDS) {
      const request = await sent('headersAndCookies', kind);
      assert.equal(request.headers['x-tags'], 'v1,v2');
      assert.equal(request.headers['x-point'], 'x=1,y=2');
      assert.equal(request.headers['x-note'], 'caf%C3%A9%0D%0AInjected: yes');
      assert.equal(request.headers.injected, undefined);
      assert.equal(request.headers.cookie, 'session=abc%3B%20def=1; theme=dark; lang=en', kind);
    }
  });

  test('every TypeScript sample type-checks against the generated package', async () => {
    const dir = await consumerProject(out, 'consumer.ts');
    await mkdir(join(dir, 'samples'));
    const files: string[] = [];
    for (const [id, { typescript }] of samples) {
      files.push(`samples/${id}.ts`);
      await writeFile(join(dir, `samples/${id}.ts`), `${typescript}\nexport {};\n`);
    }
    assert.equal(files.length, 10);
    const tsconfig = JSON.parse(await readFile(join(dir, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files }));
    const run = await runBin(join(ROOT, 'node_modules/typescript/bin/tsc'), ['-p', 'tsconfig.json'], dir);
    assert.equal(run.code, 0, `tsc failed:\n${run.stdout}${run.stderr}`);
  });
});
