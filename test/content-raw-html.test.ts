import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { page, project, run } from './hostile-content-helpers.js';
import { runMain } from './helpers.js';

/** The located lines of a run: `file:line:col severity [rule]`, the file by its name in the project. */
function located(output: string): string[] {
  return [...output.matchAll(/^.*\/(content\/\S+):(\d+):(\d+) (error|warning) \[([\w-]+)\]/gm)].map(
    (m) => `${m[1]}:${m[2]}:${m[3]} ${m[4]} [${m[5]}]`,
  );
}

describe('raw HTML in a .md page', () => {
  // The page body starts on line 6 (`page` writes four lines of front matter and a blank line).
  const body = [
    'Text with <span class="x">inline</span> markup.', // 6
    '',
    '<div class="note">', // 8
    'A block.',
    '</div>',
    '',
    '<script>alert(1)</script>', // 12
    '',
    '<!-- a comment loses the reader nothing -->',
    '',
    'Plain text.',
  ].join('\n');

  test('is one located warning per element Markdown cut out, and the build still succeeds', async () => {
    const p = await project({
      'content/docs/index.md': page(body),
      // The same HTML in an MDX page is elements, rendered or refused by the MDX checks, never dropped.
      'content/docs/other.mdx': page(
        'Text with <span className="x">inline</span> markup.\n\n<div>A block.</div>',
        'Other',
      ),
    });
    const result = await run(p);
    const output = result.stdout + result.stderr;
    assert.equal(result.code, 0, output);
    assert.deepEqual(located(output), [
      'content/docs/index.md:6:11 warning [raw-html]',
      'content/docs/index.md:8:1 warning [raw-html]',
      'content/docs/index.md:12:1 warning [raw-html]',
    ]);
    assert.match(output, /raw HTML \(<script…>\) is left out of a Markdown \(\.md\) page/);
    const html = await readFile(join(p.out, 'site/docs/index.html'), 'utf8');
    assert.doesNotMatch(html, /alert\(1\)/, 'the script stays out of the page');
    assert.match(html, /Plain text\./);
  });

  test('fails the build with --strict', async () => {
    const p = await project({ 'content/docs/index.md': page('<div>x</div>') });
    const result = await runMain([
      'build',
      '--strict',
      '--no-cache',
      '--config',
      join(p.dir, 'site-config.yaml'),
      '--out',
      p.out,
    ]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.deepEqual(located(result.stdout + result.stderr), ['content/docs/index.md:6:1 warning [raw-html]']);
  });
});
