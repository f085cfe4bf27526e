import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runMain, tempDir, type Run } from './helpers.js';

// Shared by the hostile contract path tests: a project with a secret planted beside it, and the
// checks that a refused run is located, prints no secret and writes nothing.

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

export interface Planted {
  /** The temp folder holding the project and, beside it, the secret. */
  base: string;
  project: string;
  /** A YAML file outside the project whose text holds `marker`. */
  secret: string;
  marker: string;
}

/** A project folder with a secret planted beside it, outside. */
export async function planted(name: string): Promise<Planted> {
  const base = await tempDir(`hostile-paths-${name}`);
  const project = join(base, 'project');
  await mkdir(project, { recursive: true });
  const marker = `SECRET-${randomUUID()}`;
  const secret = join(base, 'secret.yaml');
  await writeFile(
    secret,
    `Leak:\n  type: string\n  description: ${marker}\nx:\n  type: string\n  example: ${marker}\n`,
  );
  return { base, project, secret, marker };
}

export async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

export const CONFIG = 'title: Hostile\nurl: https://docs.example\napis:\n  - id: pets\n';

/** A one-operation contract whose 200 response's media type gets `media` (YAML lines at its indentation). */
export function contract(media: string): string {
  return [
    'openapi: 3.0.3',
    'info:',
    '  title: Pets',
    '  version: 1.0.0',
    'paths:',
    '  /pets:',
    '    get:',
    '      operationId: listPets',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    ...media.split('\n').map((line) => `              ${line}`),
    '',
  ].join('\n');
}

/** `line:column` of `needle` in `text` (1-based), where a diagnostic about it must point. */
export function at(text: string, needle: string): string {
  const index = text.indexOf(needle);
  assert.ok(index >= 0, `fixture holds ${needle}`);
  const before = text.slice(0, index).split('\n');
  return `${before.length}:${(before.at(-1) as string).length + 1}`;
}

/** Every file under `dir`, as text (none when it does not exist). */
export async function filesUnder(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      found.set(path, await readFile(path, 'utf8'));
    }
  }
  return found;
}

/** The command ran as a build from a pull request must: exit 1, no stack, no byte of the secret in its output or in the project. */
export async function assertRefused(run: Run, place: Planted, label: string): Promise<void> {
  assert.equal(run.code, 1, `${label}: ${run.stdout}${run.stderr}`);
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE, label);
  assert.ok(!(run.stdout + run.stderr).includes(place.marker), `${label}: the secret is not printed`);
  assert.equal(existsSync(join(place.project, 'out')), false, `${label}: nothing is written`);
  for (const [path, text] of await filesUnder(place.project))
    assert.ok(!text.includes(place.marker), `${label}: the secret reached ${path}`);
}

/** The diagnostic lines of a run (its summary left out). */
export function diagnosticLines(run: Run): string[] {
  return run.stdout.split('\n').filter((line) => /^\S+:\d+:\d+ (error|warning) \[/.test(line));
}

/** Exactly one error, `path-outside-project`, in `file` at `where`. */
export function assertOneOutsideLine(run: Run, file: string, where: string, asWritten: string): void {
  const lines = diagnosticLines(run);
  assert.equal(lines.length, 1, run.stdout);
  const line = lines[0] as string;
  assert.ok(line.startsWith(`${file}:${where} error [path-outside-project] `), line);
  assert.ok(line.includes(`"${asWritten}" is outside the project`), line);
}

/** Builds, validates and types the project in this process, from its folder as a user would. */
export async function inProject(project: string, args: readonly string[]): Promise<Run> {
  const cwd = process.cwd();
  process.chdir(project);
  try {
    return await runMain(['--no-cache', ...args]);
  } finally {
    process.chdir(cwd);
  }
}
