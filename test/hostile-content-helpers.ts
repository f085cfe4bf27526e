import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runMain, tempDir, type Run } from './helpers.js';
import { PNG_RED } from './png-fixtures.js';

// Shared by the hostile content tests: a project with a secret planted beside it, which must never reach out/.

/** A 1×1 PNG. */
export const PNG = PNG_RED;

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

export interface Project {
  /** The project folder (the config's). */
  dir: string;
  /** A string planted only outside the project: it must never reach out/. */
  marker: string;
  /** Absolute path of a real PNG outside the project that carries the marker (so only the path check can stop it). */
  secretPng: string;
  out: string;
}

/**
 * A project in `<base>/site/` with a secret beside it in `<base>/`: a PNG whose trailing bytes hold
 * the marker, and a text file with it. `files` are written under the project; a value
 * `{ link: target }` is a symlink.
 */
export async function project(
  files: Record<string, string | Buffer | { link: string }>,
  config = '',
): Promise<Project> {
  const base = await tempDir('hostile-files');
  const marker = `H2A-SECRET-${Math.random().toString(36).slice(2)}`;
  const secretPng = join(base, 'secret.png');
  await writeFile(secretPng, Buffer.concat([PNG, Buffer.from(marker)]));
  await writeFile(join(base, 'secret.txt'), `${marker}\n`);
  const dir = join(base, 'site');
  await mkdir(dir);
  await writeFile(join(dir, 'site-config.yaml'), `title: Hostile\napis: []\n${config}`);
  for (const [path, content] of Object.entries(files)) {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    if (typeof content === 'object' && 'link' in content) await symlink(content.link, target);
    else await writeFile(target, content);
  }
  return { dir, marker, secretPng, out: join(dir, 'out') };
}

export function page(body: string, title = 'Page'): string {
  return `---\ntitle: ${title}\ndescription: A page.\n---\n\n${body}\n`;
}

export async function run(p: Project, command: 'build' | 'validate' = 'build'): Promise<Run> {
  const args =
    command === 'build'
      ? ['build', '--no-cache', '--config', join(p.dir, 'site-config.yaml'), '--out', p.out]
      : ['validate', '--no-cache', '--config', join(p.dir, 'site-config.yaml')];
  return runMain(args);
}

/** Every file under `dir` (none when it does not exist), with its bytes. */
export async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return found;
  }
  for (const entry of entries)
    if (entry.isFile())
      found.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name)));
  return found;
}

export async function assertNoMarker(p: Project): Promise<void> {
  for (const [path, bytes] of await filesUnder(p.out))
    assert.ok(!bytes.includes(p.marker), `the secret reached ${path}`);
}

/** The run failed with exactly these problem lines (file ends with, line, column, rule), nothing else, no stack. */
export function assertFailedWith(
  result: Run,
  expected: Array<{ file: string; line: number; column: number; rule: string }>,
): void {
  const output = result.stdout + result.stderr;
  assert.equal(result.code, 1, output);
  assert.doesNotMatch(output, STACK_LINE);
  const lines = output.split('\n').filter((line) => / (error|warning) \[/.test(line));
  assert.equal(lines.length, expected.length, output);
  for (const [i, want] of expected.entries()) {
    const line = lines[i] ?? '';
    const match = /^(.+):(\d+):(\d+) error \[([\w-]+)\] (.+)$/.exec(line);
    assert.ok(match, `not a located error line: ${line}`);
    assert.ok(match[1]?.endsWith(want.file), `${line} is not in ${want.file}`);
    assert.deepEqual([Number(match[2]), Number(match[3]), match[4]], [want.line, want.column, want.rule], line);
  }
}
