#!/usr/bin/env node
// Regenerates test/fixtures/agreement/peers.json: what Redocly CLI (`lint`, recommended ruleset) and
// Spectral (`spectral:oas`) report at error level on every document of the corpus. Run by hand, once
// per peer upgrade; never in CI (the peers are not dependencies of the project, and they are slow):
//
//   npm install --prefix /tmp/peers @redocly/cli @stoplight/spectral-cli
//   node scripts/agreement-peers.mjs [/tmp/peers] [corpus folder]
//
// Each finding is reduced to the peer's rule id and the JSON pointer it names, sorted, so that the
// file changes only when a verdict does.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const peers = resolve(process.argv[2] ?? '/tmp/peers');
const corpus = resolve(process.argv[3] ?? process.env.SPECSITE_CORPUS ?? '../shared/corpus/openapi');
const out = new URL('../test/fixtures/agreement/peers.json', import.meta.url);

const manifest = (await readFile(join(corpus, 'MANIFEST.tsv'), 'utf8')).trimEnd().split('\n');
const columns = manifest[0].split('\t');
const files = manifest.slice(1).map((row) => row.split('\t')[columns.indexOf('file')]);

const scratch = await mkdtemp(join(tmpdir(), 'agreement-'));
const ruleset = join(scratch, '.spectral.yaml');
await writeFile(ruleset, 'extends: ["spectral:oas"]\n');

/** Runs a peer; both exit non-zero when they find errors, so the exit code says nothing here. */
async function output(command, args) {
  try {
    const { stdout } = await run(command, args, { maxBuffer: 1 << 30, cwd: scratch, timeout: 15 * 60_000 });
    return stdout;
  } catch (error) {
    if (typeof error.stdout === 'string' && error.stdout.trim() !== '') return error.stdout;
    // What the peer said instead of findings, without Node's deprecation banner and its progress lines.
    const said = String(error.stderr || error.message)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/[║╔╚]|^validating /.test(line))
      .slice(0, 2)
      .join(' ')
      .replaceAll(corpus + '/', '');
    return JSON.stringify({ crashed: said });
  }
}

function sorted(findings) {
  const seen = new Map();
  for (const f of findings) seen.set(`${f.rule}\0${f.pointer}`, f);
  return [...seen.values()].sort((a, b) => (a.rule + a.pointer < b.rule + b.pointer ? -1 : 1));
}

async function redocly(file) {
  const text = await output(join(peers, 'node_modules/.bin/redocly'), [
    'lint',
    '--extends=recommended',
    '--format=json',
    '--max-problems=100000',
    file,
  ]);
  const json = JSON.parse(text.slice(text.indexOf('{')));
  if (json.crashed) return { crashed: json.crashed };
  return sorted(
    json.problems
      .filter((p) => p.severity === 'error')
      .map((p) => ({ rule: p.ruleId, pointer: (p.location?.[0]?.pointer ?? '#/').replace(/^#/, '') })),
  );
}

async function spectral(file) {
  const text = await output(join(peers, 'node_modules/.bin/spectral'), [
    'lint',
    '--ruleset',
    ruleset,
    '--format',
    'json',
    '--quiet',
    file,
  ]);
  const start = text.search(/[[{]/);
  const json = JSON.parse(start === -1 ? '[]' : text.slice(start));
  if (!Array.isArray(json)) return { crashed: json.crashed ?? 'no findings list' };
  const pointer = (path) => path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
  return sorted(json.filter((p) => p.severity === 0).map((p) => ({ rule: p.code, pointer: pointer(p.path ?? []) })));
}

const versions = {
  redocly: (await output(join(peers, 'node_modules/.bin/redocly'), ['--version'])).trim().split('\n')[0],
  spectral: (await output(join(peers, 'node_modules/.bin/spectral'), ['--version'])).trim().split('\n')[0],
};
const documents = {};
for (const file of files) {
  const path = join(corpus, file);
  process.stderr.write(`${file}\n`);
  documents[file] = { redocly: await redocly(path), spectral: await spectral(path) };
}
await writeFile(out, JSON.stringify({ versions, documents }, null, 2) + '\n');
