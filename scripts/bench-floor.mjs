// The floor under a cold build of the real site on this machine: how long the two libraries every
// build must run take by themselves, each in a fresh Node process doing nothing else. `parse` is
// @mdx-js/mdx's parser (micromark with the MDX extensions) over every page of content/, the least
// any MDX build does; `highlight` is shiki colouring every fenced code block of those pages, as the
// build does (two themes, grammars loaded on first use). `both` runs the two processes at once, on
// the machine's two cores. Each figure is from the process's start, Node's own start-up included.
// A script that prints figures, not a timed test; run `npm run compile` first.
//
//   node scripts/bench-floor.mjs              5 rounds
//   node scripts/bench-floor.mjs --runs 3
//   node scripts/bench-floor.mjs --json       the figures as JSON (seconds) instead of a table
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createProcessor } from '@mdx-js/mdx';
import { bundledLanguages, createHighlighter } from 'shiki';
import { visit } from 'unist-util-visit';

const ROOT = resolve(import.meta.dirname, '..');
const { CODE_THEMES } = await import(join(ROOT, 'dist/generator/content/plugins/highlighter.js'));
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
    child: { type: 'string' },
    input: { type: 'string' },
  },
});

/** Every page of the real site: its format and its text without the front matter. */
function pages() {
  return readdirSync(join(ROOT, 'content'), { recursive: true })
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => ({
      format: name.endsWith('.mdx') ? 'mdx' : 'md',
      text: readFileSync(join(ROOT, 'content', name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
    }));
}

if (flags.child === 'parse') {
  const processors = { md: createProcessor({ format: 'md' }), mdx: createProcessor({ format: 'mdx' }) };
  for (const page of JSON.parse(readFileSync(flags.input, 'utf8'))) processors[page.format].parse(page.text);
} else if (flags.child === 'highlight') {
  const highlighter = await createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] });
  for (const { lang, code } of JSON.parse(readFileSync(flags.input, 'utf8'))) {
    const known = lang in bundledLanguages ? lang : 'text';
    if (known !== 'text') await highlighter.loadLanguage(known);
    highlighter.codeToHast(code, { lang: known, themes: CODE_THEMES, tokenizeTimeLimit: 0 });
  }
} else {
  const work = mkdtempSync(join(tmpdir(), 'specsite-floor-'));
  const all = pages();
  const blocks = [];
  for (const page of all) {
    const tree = createProcessor({ format: page.format }).parse(page.text);
    visit(tree, 'code', (node) => void blocks.push({ lang: node.lang ?? 'text', code: node.value }));
  }
  const inputs = { parse: join(work, 'pages.json'), highlight: join(work, 'blocks.json') };
  writeFileSync(inputs.parse, JSON.stringify(all));
  writeFileSync(inputs.highlight, JSON.stringify(blocks));

  /** One child process's wall time, from its spawn to its exit. */
  const child = (mode) =>
    new Promise((done, failed) => {
      const started = performance.now();
      const run = spawn(process.execPath, [import.meta.filename, '--child', mode, '--input', inputs[mode]], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      run.on('error', failed);
      run.on('exit', (code) =>
        code === 0 ? done(performance.now() - started) : failed(new Error(`${mode} exited ${code}`)),
      );
    });

  const figures = { parse: [], highlight: [], both: [] };
  for (let i = 0; i < Math.max(1, Number(flags.runs)); i++) {
    figures.parse.push(await child('parse'));
    figures.highlight.push(await child('highlight'));
    const started = performance.now();
    await Promise.all([child('parse'), child('highlight')]);
    figures.both.push(performance.now() - started);
  }
  rmSync(work, { recursive: true, force: true });
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b).map((ms) => ms / 1000);
    const middle = sorted.length / 2;
    // With an even count, the mean of the two middle runs (not the slower of them).
    const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
    return { median, min: sorted[0], max: sorted.at(-1) };
  };
  const kb = Math.round(all.reduce((sum, page) => sum + Buffer.byteLength(page.text), 0) / 1024);
  const result = {
    pages: all.length,
    kb,
    blocks: blocks.length,
    parse: stats(figures.parse),
    highlight: stats(figures.highlight),
    both: stats(figures.both),
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const row = (step, { median, min, max }) => ({
      step,
      'median s': +median.toFixed(2),
      'min–max s': `${min.toFixed(2)}–${max.toFixed(2)}`,
    });
    console.table([
      row(`parse ${result.pages} pages (${kb} KB) with @mdx-js/mdx`, result.parse),
      row(`highlight ${result.blocks} code blocks with shiki`, result.highlight),
      row('both at once, in two processes', result.both),
    ]);
  }
}
