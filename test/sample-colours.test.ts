import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SampleColours, SECOND_THREAD_FROM_SAMPLES } from '../generator/render/api/samples/colours.js';
import { Background } from '../generator/workers/background.js';
import type { CodeSampleModel } from '../templates/api/model.js';

const LANGUAGES = ['shell', 'typescript', 'python', 'go', 'java'];

/** `count` samples, alike in their boilerplate as a reference's are, each with lines of its own. */
function samples(count: number): CodeSampleModel[] {
  const code: Record<string, (i: number) => string> = {
    shell: (i) =>
      `curl --request POST 'https://api.example.com/v1/items/${i}' \\\n  --header 'Accept: application/json' \\\n  --data '{"n":${i}}' # item ${i}`,
    typescript: (i) =>
      `import type { Item } from '@acme/api-types/items';\n\nconst body: Item = { n: ${i}, name: 'item ${i}' };\nconst response = await fetch(\`https://api.example.com/v1/items/\${${i}}\`, { method: 'POST', body: JSON.stringify(body) });\n/* item ${i}\n   done */\nif (!response.ok) throw new Error(\`HTTP \${response.status}\`);`,
    python: (i) =>
      `import requests\n\nurl = "https://api.example.com/v1/items/${i}"\npayload = {"n": ${i}, "ok": True}\n"""\npayload = {"n": ${i}}\n"""\nresponse = requests.post(url, json=payload)\nprint(response.text)`,
    go: (i) =>
      `package main\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc main() {\n\treq, _ := http.NewRequest("GET", "https://api.example.com/v1/items/${i}", nil)\n\tres, _ := http.DefaultClient.Do(req)\n\tfmt.Println(res.StatusCode, ${i})\n}`,
    java: (i) =>
      `HttpRequest request = HttpRequest.newBuilder()\n    .uri(URI.create("https://api.example.com/v1/items/${i}"))\n    .build();\n// item ${i}\nHttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());`,
  };
  return Array.from({ length: count }, (_, i) => {
    const language = LANGUAGES[i % LANGUAGES.length]!;
    return { key: language, label: language, language, code: code[language]!(i), highlighted: undefined };
  });
}

test('samples coloured on a second thread come back as coloured here, and the thread stops once done', async () => {
  const count = SECOND_THREAD_FROM_SAMPLES + 20;
  const here = samples(count);
  const colours = SampleColours.here();
  await colours.colour(here, LANGUAGES);
  await colours.done();
  assert.ok(
    here.every((s) => s.highlighted?.lines.flat().some((t) => t.tone)),
    'every sample is coloured here',
  );
  assert.equal(colours.usedSecondThread, false);

  const there = samples(count);
  const meanwhile = SampleColours.meanwhile();
  const close = Background.prototype.close;
  let closed = 0;
  Background.prototype.close = function (this: Background) {
    closed++;
    return close.call(this);
  };
  // Two batches: the first starts the thread, the second (small) goes to it too.
  await meanwhile.colour(there.slice(0, count - 10), LANGUAGES);
  await meanwhile.colour(there.slice(count - 10), LANGUAGES);
  assert.ok(
    there.every((s) => s.highlighted === undefined),
    'not coloured yet: the thread answers later',
  );
  try {
    await meanwhile.done();
  } finally {
    Background.prototype.close = close;
  }
  assert.equal(meanwhile.usedSecondThread, true, 'the second thread coloured them');
  assert.equal(closed, 1, 'the thread was stopped');
  assert.deepEqual(there, here);
});

test('a few samples are held until no more come, then coloured here, with no thread started', async () => {
  const few = samples(SECOND_THREAD_FROM_SAMPLES - 1);
  const meanwhile = SampleColours.meanwhile();
  await meanwhile.colour(few, LANGUAGES);
  assert.ok(
    few.every((s) => s.highlighted === undefined),
    'held',
  );
  await meanwhile.done();
  assert.ok(few.every((s) => s.highlighted !== undefined));
  assert.equal(meanwhile.usedSecondThread, false);
});

test('batches too small for a thread each go to one together once they add up to enough', async () => {
  const all = samples(SECOND_THREAD_FROM_SAMPLES + 5);
  const meanwhile = SampleColours.meanwhile();
  for (let at = 0; at < all.length; at += 20) await meanwhile.colour(all.slice(at, at + 20), LANGUAGES);
  await meanwhile.done();
  assert.equal(meanwhile.usedSecondThread, true, 'the second thread coloured them');
  const here = samples(SECOND_THREAD_FROM_SAMPLES + 5);
  const colours = SampleColours.here();
  await colours.colour(here, LANGUAGES);
  assert.deepEqual(all, here);
});

test('only the grammars asked for colour a sample, whatever else the thread has loaded', async () => {
  const [shell] = samples(1);
  const loaded = SampleColours.here();
  // The shell grammar loaded (and a shell sample coloured) first.
  await loaded.colour([{ ...shell! }], ['shell']);
  const sample: CodeSampleModel = { ...shell!, highlighted: undefined };
  const colours = SampleColours.here();
  await colours.colour([sample], ['typescript']);
  await colours.done();
  assert.equal(sample.highlighted, undefined, 'a shell sample, asked in TypeScript only');
});
