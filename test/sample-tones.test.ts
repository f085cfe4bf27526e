import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { bundledThemes } from 'shiki';
import { CODE_THEMES } from '../generator/content/plugins/highlighter.js';
import { SampleHighlighter } from '../generator/render/api/samples/highlight.js';
import { BLOCK_COLORS, TONES } from '../generator/render/api/samples/tones.js';
import { ROOT } from './helpers.js';

test('the stylesheet colours each token class as the generator reads it: light, then dark', async () => {
  const css = await readFile(`${ROOT}/templates/styles/api-aside.css`, 'utf8');
  const rules = [
    ...css.matchAll(/\.shiki \.(tk-\w+) \{\s*color: (#[0-9a-f]{6});\s*--shiki-dark: (#[0-9a-f]{6});\s*\}/g),
  ];
  const fromCss = Object.fromEntries(rules.map(([, name, light, dark]) => [`${light} ${dark}`, name]));
  assert.deepEqual(fromCss, TONES);
  assert.equal(new Set(Object.values(TONES)).size, Object.keys(TONES).length, 'one class per pair');
  const block =
    /\.api-block pre\.shiki \{\s*color: (#\w+);\s*--shiki-dark: (#\w+);\s*background-color: (#\w+);\s*--shiki-dark-bg: (#\w+);\s*\}/.exec(
      css,
    );
  assert.deepEqual(block?.slice(1), [BLOCK_COLORS.fg, BLOCK_COLORS.fgDark, BLOCK_COLORS.bg, BLOCK_COLORS.bgDark]);
});

test('in the two themes a dark colour decides the light one, rule by rule: one tokenization colours both', async () => {
  const [light, dark] = await Promise.all([
    bundledThemes[CODE_THEMES.light]().then((m) => m.default),
    bundledThemes[CODE_THEMES.dark]().then((m) => m.default),
  ]);
  const rules = (theme: typeof light): Array<{ scope?: unknown; settings: { foreground?: string } }> =>
    (theme.tokenColors ?? theme.settings ?? []) as Array<{ scope?: unknown; settings: { foreground?: string } }>;
  assert.deepEqual(
    rules(light).map((r) => r.scope),
    rules(dark).map((r) => r.scope),
    'the same rules, in the same order, so a token matches the same rule in both',
  );
  const lightOf = new Map<string, string>([[BLOCK_COLORS.fgDark, BLOCK_COLORS.fg]]);
  rules(dark).forEach((rule, i) => {
    const d = rule.settings.foreground?.toLowerCase();
    const l = rules(light)[i]!.settings.foreground?.toLowerCase();
    assert.equal(d === undefined, l === undefined, `rule ${i} has a colour in one theme only`);
    if (d === undefined || l === undefined) return;
    assert.equal(lightOf.get(d) ?? l, l, `dark ${d} stands for two light colours`);
    lightOf.set(d, l);
  });
  for (const pair of Object.keys(TONES)) {
    const [l, d] = pair.split(' ');
    assert.equal(lightOf.get(d!), l, pair);
  }
});

test('one tokenization gives what tokenizing in each theme gives, for every sample language', async () => {
  const samples: Record<string, string> = {
    shell: `curl --request POST 'https://api.example.com/v1/items?q=a%20b' \\\n  --header 'Authorization: Bearer <token>' \\\n  --data '{"name":"x","n":1}' # a comment`,
    typescript: `import type { paths } from '@acme/api-types';\nconst re = /^[a-z]+$/i;\nconst res = await fetch(\`\${base}/v1/items/\${id}\`, { method: 'POST', body: JSON.stringify({ n: 1, ok: true }) });\n// done\nif (!res.ok) throw new Error(String(res.status));`,
    python: `import requests\n\nurl = "https://api.example.com/v1/items"\npayload = {"n": 1, "ok": True, "none": None}\nresponse = requests.post(url, json=payload)  # send\nprint(response.text)`,
    go: `package main\n\nimport (\n\t"fmt"\n\t"net/http"\n)\n\nfunc main() {\n\treq, _ := http.NewRequest("GET", "https://x/v1?a=1", nil)\n\treq.Header.Add("accept", "application/json")\n\tres, _ := http.DefaultClient.Do(req)\n\tfmt.Println(res.StatusCode, 42, 3.5)\n}`,
    java: `HttpRequest request = HttpRequest.newBuilder()\n    .uri(URI.create("https://x/v1"))\n    .method("POST", HttpRequest.BodyPublishers.ofString("{\\"n\\":1}"))\n    .build();\n// send it\nHttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());`,
  };
  const highlighter = await SampleHighlighter.open(Object.keys(samples));
  let onePass = 0;
  for (const [lang, code] of Object.entries(samples)) {
    const both = highlighter.inBothThemes(code, lang);
    const one = highlighter.inDarkTones(code, lang);
    assert.ok(
      both.lines.flat().some((t) => t.tone),
      `${lang} is coloured`,
    );
    if (one) onePass++;
    // A colour outside the pairs (TypeScript's regular expression) takes both themes' pass instead.
    assert.deepEqual(one ?? highlighter.highlight(code, lang), both, lang);
  }
  assert.equal(onePass, 4, 'all but the sample with a regular expression take the one pass');
});

test('a line is coloured once per grammar state it starts in: the same text inside a comment, a string or code keeps its own colours', async () => {
  const highlighter = await SampleHighlighter.open(['typescript', 'python', 'shell']);
  // Each line recurs in another state: code, inside a block comment, inside a template literal, a
  // docstring, a heredoc; and a sample that starts with an empty line (the grammar's first line).
  const samples: Array<[string, string]> = [
    ['typescript', `const body = { name: 'x', n: 1 };\nawait send(body);`],
    ['typescript', `/*\nconst body = { name: 'x', n: 1 };\nawait send(body);\n*/\nawait send(body);`],
    ['typescript', "const text = `\nconst body = { name: 'x', n: 1 };\nawait send(body);\n`;\nawait send(body);"],
    ['typescript', `\nconst body = { name: 'x', n: 1 };`],
    ['python', `payload = {"n": 1, "ok": True}\nprint(payload)`],
    ['python', `"""\npayload = {"n": 1, "ok": True}\nprint(payload)\n"""\nprint(payload)`],
    ['shell', `curl --data 'x' https://example.com # send\necho done`],
    ['shell', `cat <<EOF\ncurl --data 'x' https://example.com # send\nEOF\necho done`],
    // States too large to be looked up (nested far, a long delimiter): their lines are coloured as they come.
    ['typescript', `const deep = ${'[\n'.repeat(400)}1${'\n]'.repeat(400)};\nawait send(body);`],
    ['shell', `cat <<${'E'.repeat(1990)}\ncurl --data 'x' https://example.com # send\n${'E'.repeat(1990)}\necho done`],
  ];
  for (const [lang, code] of samples) {
    const one = highlighter.inDarkTones(code, lang);
    assert.ok(one, `${lang} takes the one pass`);
    assert.deepEqual(one, highlighter.inBothThemes(code, lang), `${lang}: ${JSON.stringify(code)}`);
  }
});
