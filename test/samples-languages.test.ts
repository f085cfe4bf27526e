import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import { PLACEHOLDER_ORIGIN, type RequestPlan } from '../generator/render/api/samples/request-plan.js';
import { snippetSample } from '../generator/render/api/samples/snippets.js';
import { Page } from './html.js';
import { runCli, tempDir } from './helpers.js';

/**
 * The samples of each language, read from a built reference page: the request they make (path,
 * query, header, JSON, multipart and form bodies), the contract's own samples first, and hostile
 * ones shown as bounded text.
 */
const FIXTURE = 'test/fixtures/samples-languages';

interface Panel {
  key: string;
  label: string;
  code: string;
  block: Element;
}

describe('code samples in five languages', () => {
  let page: Page;
  let html: string;
  const panels = (id: string): Panel[] => {
    const section = page.one(`section#${id}`);
    assert.ok(section, `operation ${id}`);
    return selectAll('.api-samples .tabs-panel', section).map((block) => ({
      key: String(block.properties.dataTab),
      label: toString(selectAll('.code-block-title', block)[0] ?? block),
      code: toString(selectAll('pre code', block)[0] ?? block),
      block,
    }));
  };
  const sample = (id: string, label: string): string => {
    const found = panels(id).find((p) => p.label === label);
    assert.ok(found, `${id} has a ${label} sample`);
    return found.code;
  };

  before(async () => {
    const out = await tempDir('samples-languages');
    const build = await runCli(['build', '--no-cache', '-c', `${FIXTURE}/site-config.yaml`, '-o', out]);
    assert.equal(build.code, 0, build.stdout + build.stderr);
    const file = join(out, 'site/api/langs/index.html');
    page = await Page.read(file);
    html = await readFile(file, 'utf8');
  });

  test('tabs in order: the contract’s own samples, then curl, TypeScript, Python, Go and Java', () => {
    assert.deepEqual(
      panels('getItem').map((p) => [p.key, p.label]),
      [
        ['python', 'Python SDK'],
        ['curl', 'curl'],
        ['typescript', 'TypeScript'],
        ['python', 'Python'],
        ['go', 'Go'],
        ['java', 'Java'],
      ],
    );
    assert.equal(sample('getItem', 'Python SDK'), "client.items.get('it_1')");
    // x-code-samples, the older name, is read too; a shell sample shares curl's tab key.
    assert.deepEqual(
      panels('legacy')
        .map((p) => [p.key, p.label])
        .slice(0, 2),
      [
        ['curl', 'curl'],
        ['curl', 'curl'],
      ],
    );
    assert.equal(panels('legacy')[0]?.code, 'curl https://api.example.test/v1/legacy');
  });

  test('path, query and header parameters, and the bearer token, in each language', () => {
    const url = 'https://api.example.test/v1/items/it_1?limit=10';
    const python = sample('getItem', 'Python');
    assert.match(python, /^import requests\n/);
    assert.ok(python.includes(`url = "${url}"`));
    assert.ok(python.includes('"X-Request-Id": "req-7"'));
    assert.ok(python.includes('"Authorization": "Bearer <token>"'));
    assert.ok(python.includes('response = requests.get(url, headers=headers)'));
    const go = sample('getItem', 'Go');
    assert.ok(go.includes(`url := "${url}"`));
    assert.ok(go.includes('req, _ := http.NewRequest("GET", url, nil)'));
    assert.ok(go.includes('req.Header.Add("X-Request-Id", "req-7")'));
    assert.ok(go.includes('req.Header.Add("Authorization", "Bearer <token>")'));
    const java = sample('getItem', 'Java');
    assert.ok(java.includes(`.uri(URI.create("${url}"))`));
    assert.ok(java.includes('.header("X-Request-Id", "req-7")'));
    assert.ok(java.includes('.method("GET", HttpRequest.BodyPublishers.noBody())'));
    assert.ok(sample('getItem', 'curl').startsWith(`curl '${url}'`));
  });

  test('a JSON body', () => {
    const python = sample('createItem', 'Python');
    assert.ok(python.includes('payload = {\n    "name": "Lamp",\n    "tags": ["a", "b"]\n}'));
    assert.ok(python.includes('requests.post(url, json=payload, headers=headers)'));
    const json = JSON.stringify(JSON.stringify({ name: 'Lamp', tags: ['a', 'b'] }));
    assert.ok(sample('createItem', 'Go').includes(`payload := strings.NewReader(${json})`));
    assert.ok(sample('createItem', 'Go').includes('req.Header.Add("Content-Type", "application/json")'));
    assert.ok(sample('createItem', 'Java').includes(`.method("POST", HttpRequest.BodyPublishers.ofString(${json}))`));
  });

  test('a multipart body: a file part and a text part', () => {
    const python = sample('upload', 'Python');
    assert.ok(python.includes('files = { "file": ("file", open("file", "rb"), "image/png") }'));
    assert.ok(python.includes('payload = { "label": "holiday" }'));
    assert.ok(python.includes('requests.post(url, data=payload, files=files, headers=headers)'));
    for (const label of ['Go', 'Java']) {
      const code = sample('upload', label);
      assert.match(code, /"content-type", "multipart\/form-data; boundary=-+\d+"/, label);
      assert.ok(code.includes('Content-Disposition: form-data; name=\\"file\\"; filename=\\"file\\"'), label);
      assert.ok(code.includes('Content-Disposition: form-data; name=\\"label\\"\\r\\n\\r\\nholiday'), label);
    }
  });

  test('a form body: repeated names kept, as curl and TypeScript send it', () => {
    assert.ok(sample('submitForm', 'Python').includes('"tags": ["a", "b"]'));
    assert.ok(sample('submitForm', 'Python').includes('requests.post(url, data=payload, headers=headers)'));
    assert.ok(sample('submitForm', 'Go').includes('payload := strings.NewReader("name=Lamp&tags=a&tags=b")'));
    assert.ok(sample('submitForm', 'Java').includes('HttpRequest.BodyPublishers.ofString("name=Lamp&tags=a&tags=b")'));
  });

  test('samples are coloured with the docs’ themes, and their text is the sample exactly', () => {
    const [pre] = selectAll('pre.shiki', panels('createItem').find((p) => p.label === 'Python')?.block as Element);
    assert.ok(pre, 'a highlighted pre');
    assert.equal(pre.properties.style, undefined, 'the usual colours come from the stylesheet');
    assert.ok(selectAll('span.tk-k, span.tk-s', pre).length > 3, 'keywords and strings coloured by class');
    assert.equal(toString(pre), sample('createItem', 'Python'));
    assert.match(
      toString(pre),
      /^import requests\n\nurl = "https:\/\/api\.example\.test\/v1\/items"\n\npayload = \{\n/,
    );
  });

  test('hostile x-codeSamples: shown as text, bounded in number, label and length', () => {
    const own = panels('hostile').slice(0, -5);
    assert.equal(own.length, 8, 'at most eight of the contract’s samples (entries without a source skipped)');
    const [first] = own;
    assert.ok(first);
    assert.equal(first.key, 'imgsrcxonerroralert3', 'the key is a plain token');
    assert.equal(first.label, '<script>alert(4)</script>LLLLLLLLLLLLLLL', 'the label cut to 40 characters');
    assert.equal(first.code.length, 20_002, 'the source cut to 20,000 characters and marked');
    assert.ok(first.code.endsWith('x\n…'));
    assert.ok(first.code.startsWith('</code></pre><script>alert(1)</script><img src=x onerror=alert(2)>'));
    assert.equal(selectAll('script, img', first.block).length, 0, 'no element came from the sample');
    assert.equal(html.includes('<script>alert('), false);
    assert.deepEqual(
      own.slice(1).map((p) => p.code),
      ['echo 0', 'echo 1', 'echo 2', 'echo 3', 'echo 4', 'echo 5', 'echo 6'],
    );
    assert.deepEqual(
      panels('hostile')
        .slice(-5)
        .map((p) => p.label),
      ['curl', 'TypeScript', 'Python', 'Go', 'Java'],
    );
  });
});

test('a relative server: the placeholder origin is written as curl and TypeScript write it', () => {
  const plan: RequestPlan = {
    method: 'GET',
    url: `${PLACEHOLDER_ORIGIN}/api/rag/items`,
    query: ['q=a%20b'],
    headers: [],
    cookies: [],
    basicAuth: false,
    clientCertificate: false,
    body: undefined,
    bodyLeftOut: false,
    response: undefined,
  };
  const url = 'https://<gateway-host>/api/rag/items?q=a%20b';
  assert.ok(snippetSample(plan, 'python').includes(`url = "${url}"`));
  assert.ok(snippetSample(plan, 'go').includes(`url := "${url}"`));
  assert.ok(snippetSample(plan, 'java').includes(`.uri(URI.create("${url}"))`));
});
