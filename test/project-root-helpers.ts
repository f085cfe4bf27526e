import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runMain, tempDir, type Run } from './helpers.js';
import { PNG_RED } from './png-fixtures.js';

// Shared by the `--root` tests: a monorepo whose docs name a contract beside them, in a git
// repository holding a secret in `.git/config` and in files git ignores.

export interface Monorepo {
  repo: string;
  docs: string;
  /** Planted in `.git/config`, `.env` and `secrets/`: it must never reach the output. */
  marker: string;
}

export const SPEC = '../services/search/openapi.yaml';

/** `repo/docs/site-config.yaml` naming `repo/services/search/openapi.yaml`, committed; `files` go in too (a string, or the bytes of an image). */
export async function monorepo(name: string, files: Record<string, string | Buffer> = {}): Promise<Monorepo> {
  const repo = join(await tempDir(`root-${name}`), 'repo');
  const docs = join(repo, 'docs');
  const marker = `ROOT-SECRET-${randomUUID()}`;
  const all: Record<string, string | Buffer> = {
    'docs/site-config.yaml': `title: Mono\nurl: https://docs.example\napis:\n  - id: search\n    spec: ${SPEC}\n`,
    'services/search/openapi.yaml': searchContract("'./schemas.yaml#/Result'"),
    'services/search/schemas.yaml': 'Result:\n  type: object\n  properties:\n    q:\n      type: string\n',
    '.gitignore': '.env\nsecrets/\nout/\n.cache/\n',
    '.env': `Leak:\n  type: string\n  description: ${marker}\n`,
    'secrets/logo.png': Buffer.concat([PNG_RED, Buffer.from(marker)]),
    'secrets/openapi.yaml': `openapi: 3.0.3\ninfo:\n  title: ${marker}\n  version: 1.0.0\npaths: {}\n`,
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    await mkdir(dirname(join(repo, path)), { recursive: true });
    await writeFile(join(repo, path), content);
  }
  git(repo, ['init', '-q']);
  // Where a CI checkout keeps its token.
  git(repo, ['config', 'http.extraheader', `AUTHORIZATION: basic ${marker}`]);
  git(repo, ['add', '-A']);
  git(repo, ['-c', 'user.name=Fixture', '-c', 'user.email=f@example.com', 'commit', '-q', '-m', 'first']);
  return { repo, docs, marker };
}

/** The search contract, its 200 response's schema a `$ref` to `ref` (as YAML). */
export function searchContract(ref: string): string {
  return [
    'openapi: 3.0.3',
    'info:',
    '  title: Search',
    '  version: 1.0.0',
    'paths:',
    '  /search:',
    '    get:',
    '      operationId: search',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    `                $ref: ${ref}`,
    '',
  ].join('\n');
}

function git(cwd: string, args: readonly string[]): void {
  execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'ignore' });
}

/** The CLI in this process, from `docs/` (or `dir`) as a user of the monorepo runs it. */
export async function fromDocs(m: Monorepo, args: readonly string[], dir = m.docs): Promise<Run> {
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return await runMain(['--no-cache', ...args]);
  } finally {
    process.chdir(cwd);
  }
}

/** The run's located error lines. */
export function errorLines(run: Run): string[] {
  return run.stdout.split('\n').filter((line) => /^\S+:\d+:\d+ error \[/.test(line));
}

/** Refused with exactly one `path-outside-project` line at `where`, saying `why`; the secret nowhere in the output. */
export function assertRefused(run: Run, m: Monorepo, where: string, why: string): void {
  const output = run.stdout + run.stderr;
  assert.equal(run.code, 1, output);
  const lines = errorLines(run);
  assert.equal(lines.length, 1, output);
  assert.ok(lines[0]?.startsWith(`${where} error [path-outside-project] `), lines[0]);
  assert.ok(lines[0]?.includes(why), lines[0]);
  assert.ok(!output.includes(m.marker), 'the secret is not printed');
}
