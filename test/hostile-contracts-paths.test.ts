import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI, runCli, runMain, tempDir, type Run } from './helpers.js';

/**
 * Contracts and config from a stranger's pull request: every `$ref` and every API `spec` that names
 * a file outside the project (the config's folder), written so or through a symlink, is one located
 * `path-outside-project` error and the file is never read; a remote `$ref` is never fetched.
 */

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

interface Planted {
  /** The temp folder holding the project and, beside it, the secret. */
  base: string;
  project: string;
  /** A YAML file outside the project whose text holds `marker`. */
  secret: string;
  marker: string;
}

/** A project folder with a secret planted beside it, outside. */
async function planted(name: string): Promise<Planted> {
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

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

const CONFIG = 'title: Hostile\nurl: https://docs.example\napis:\n  - id: pets\n';

/** A one-operation contract whose 200 response's media type gets `media` (YAML lines at its indentation). */
function contract(media: string): string {
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
function at(text: string, needle: string): string {
  const index = text.indexOf(needle);
  assert.ok(index >= 0, `fixture holds ${needle}`);
  const before = text.slice(0, index).split('\n');
  return `${before.length}:${(before.at(-1) as string).length + 1}`;
}

/** Every file under `dir`, as text (none when it does not exist). */
async function filesUnder(dir: string): Promise<Map<string, string>> {
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
async function assertRefused(run: Run, place: Planted, label: string): Promise<void> {
  assert.equal(run.code, 1, `${label}: ${run.stdout}${run.stderr}`);
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE, label);
  assert.ok(!(run.stdout + run.stderr).includes(place.marker), `${label}: the secret is not printed`);
  assert.equal(existsSync(join(place.project, 'out')), false, `${label}: nothing is written`);
  for (const [path, text] of await filesUnder(place.project))
    assert.ok(!text.includes(place.marker), `${label}: the secret reached ${path}`);
}

/** The diagnostic lines of a run (its summary left out). */
function diagnosticLines(run: Run): string[] {
  return run.stdout.split('\n').filter((line) => /^\S+:\d+:\d+ (error|warning) \[/.test(line));
}

/** Exactly one error, `path-outside-project`, in `file` at `where`. */
function assertOneOutsideLine(run: Run, file: string, where: string, asWritten: string): void {
  const lines = diagnosticLines(run);
  assert.equal(lines.length, 1, run.stdout);
  const line = lines[0] as string;
  assert.ok(line.startsWith(`${file}:${where} error [path-outside-project] `), line);
  assert.ok(line.includes(`"${asWritten}" is outside the project`), line);
}

/** Builds, validates and types the project in this process, from its folder as a user would. */
async function inProject(project: string, args: readonly string[]): Promise<Run> {
  const cwd = process.cwd();
  process.chdir(project);
  try {
    return await runMain(['--no-cache', ...args]);
  } finally {
    process.chdir(cwd);
  }
}

describe('a $ref outside the project is refused, located, and never read', () => {
  const cases: Array<{ name: string; ref: (place: Planted) => string; media?: (ref: string) => string }> = [
    { name: 'a relative path up and out', ref: () => '../../../secret.yaml#/Leak' },
    { name: 'an absolute path', ref: (place) => `${place.secret}#/Leak` },
    { name: 'percent-encoded dots', ref: () => '%2e%2e/%2e%2e/%2e%2e/secret.yaml#/Leak' },
    {
      name: 'an example value that is a $ref',
      ref: (place) => place.secret,
      media: (ref) => `schema:\n  type: object\nexample:\n  $ref: "${ref}"`,
    },
    {
      name: 'a named example that is a $ref',
      ref: () => '../../../secret.yaml#/x',
      media: (ref) => `schema:\n  type: object\nexamples:\n  leak:\n    $ref: "${ref}"`,
    },
    {
      name: 'an x- extension holding a $ref',
      ref: (place) => place.secret,
      media: (ref) => `schema:\n  type: object\n  x-leak:\n    nested:\n      - $ref: "${ref}"`,
    },
  ];
  for (const variant of cases) {
    test(variant.name, async () => {
      const place = await planted('ref');
      const ref = variant.ref(place);
      const text = contract(variant.media ? variant.media(ref) : `schema:\n  $ref: "${ref}"`);
      await write(join(place.project, 'site-config.yaml'), CONFIG);
      await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
      for (const command of [['build'], ['validate'], ['types']]) {
        const run = await inProject(place.project, command);
        await assertRefused(run, place, `${variant.name}: ${command[0]}`);
        assertOneOutsideLine(run, 'openapi/pets/1.0.0.yaml', at(text, `"${ref}"`), ref);
      }
    });
  }

  test('a symlink inside the project to a file outside it', async () => {
    const place = await planted('symlink');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await mkdir(join(place.project, 'shared'), { recursive: true });
    await symlink(place.secret, join(place.project, 'shared/pet.yaml'));
    const text = contract('schema:\n  $ref: "../../shared/pet.yaml#/Leak"');
    await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
    const run = await inProject(place.project, ['build']);
    await assertRefused(run, place, 'symlinked file');
    assertOneOutsideLine(
      run,
      'openapi/pets/1.0.0.yaml',
      at(text, '"../../shared/pet.yaml#/Leak"'),
      '../../shared/pet.yaml#/Leak',
    );
  });

  test('a folder symlinked out of the project, reached through a file inside it', async () => {
    const place = await planted('symlink-folder');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await mkdir(join(place.project, 'shared'), { recursive: true });
    await symlink(place.base, join(place.project, 'shared/elsewhere'));
    // The root refers to a file inside, which refers on through the symlinked folder: located in that file.
    const common = 'Pet:\n  $ref: "elsewhere/secret.yaml#/Leak"\n';
    await write(join(place.project, 'shared/common.yaml'), common);
    await write(
      join(place.project, 'openapi/pets/1.0.0.yaml'),
      contract('schema:\n  $ref: "../../shared/common.yaml#/Pet"'),
    );
    const run = await inProject(place.project, ['build']);
    await assertRefused(run, place, 'symlinked folder');
    assertOneOutsideLine(
      run,
      'shared/common.yaml',
      at(common, '"elsewhere/secret.yaml#/Leak"'),
      'elsewhere/secret.yaml#/Leak',
    );
  });

  test('a file: URL is not read either (ref-resolves, as every URL)', async () => {
    const place = await planted('file-url');
    const ref = `file://${place.secret}#/Leak`;
    const text = contract(`schema:\n  $ref: "${ref}"`);
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
    const run = await inProject(place.project, ['build']);
    await assertRefused(run, place, 'file: URL');
    const lines = diagnosticLines(run);
    assert.equal(lines.length, 1, run.stdout);
    assert.ok(
      lines[0]?.startsWith(
        `openapi/pets/1.0.0.yaml:${at(text, `"${ref}"`)} error [ref-resolves] broken $ref: remote reference`,
      ),
      lines[0],
    );
  });

  test('a contract named on the command line: its $refs stay inside the working folder', async () => {
    const place = await planted('standalone');
    const text = contract('schema:\n  $ref: "../../secret.yaml#/Leak"');
    await write(join(place.project, 'api/openapi.yaml'), text);
    for (const command of [
      ['validate', 'api/openapi.yaml'],
      ['types', 'api/openapi.yaml'],
    ]) {
      const run = await inProject(place.project, command);
      await assertRefused(run, place, command.join(' '));
      assertOneOutsideLine(run, 'api/openapi.yaml', at(text, '"../../secret.yaml#/Leak"'), '../../secret.yaml#/Leak');
    }
  });

  test('refs that stay inside the project, a symlink among them, still build', async () => {
    const place = await planted('inside');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await write(
      join(place.project, 'schemas/pet.yaml'),
      'Pet:\n  type: object\n  properties:\n    name: { type: string }\n',
    );
    await symlink(join(place.project, 'schemas/pet.yaml'), join(place.project, 'schemas/pet-link.yaml'));
    await write(join(place.project, 'examples/pet.json'), '{ "name": "Rex" }\n');
    const components = 'components:\n  schemas:\n    Local:\n      type: string\n';
    await write(
      join(place.project, 'openapi/pets/1.0.0.yaml'),
      contract(
        'schema:\n  $ref: "../../schemas/pet-link.yaml#/Pet"\nexamples:\n  rex:\n    value:\n      $ref: "../../examples/pet.json"',
      ) + components,
    );
    const run = await inProject(place.project, ['build']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(await readFile(join(place.project, 'out/types/pets.d.ts'), 'utf8'), /name\?: string/);
    // Bundling the files for the type generator leaves the contract as written: one JSON Schema, for its one component.
    assert.deepEqual(await readdir(join(place.project, 'out/schemas/pets')), ['Local.json']);
  });

  test('an externalValue is shown as a link, never read', async () => {
    const place = await planted('external-value');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await write(
      join(place.project, 'openapi/pets/1.0.0.yaml'),
      contract(
        `schema:\n  type: object\nexamples:\n  far:\n    externalValue: "${place.secret}"\n  up:\n    externalValue: "../../../secret.yaml"`,
      ),
    );
    const run = await inProject(place.project, ['build']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const [path, text] of await filesUnder(place.project))
      assert.ok(!text.includes(place.marker), `the secret reached ${path}`);
  });
});

describe("an API's spec outside the project is refused, located at apis[i].spec", () => {
  const configLine = (spec: string): string =>
    `title: Hostile\nurl: https://docs.example\napis:\n  - id: pets\n    spec: "${spec}"\n`;

  async function assertSpecRefused(place: Planted, spec: string, asWritten: string): Promise<void> {
    const config = configLine(spec);
    await write(join(place.project, 'site-config.yaml'), config);
    for (const command of [['build'], ['validate'], ['types'], ['diff', '--service', 'pets']]) {
      const run = await inProject(place.project, command);
      await assertRefused(run, place, `${spec}: ${command[0]}`);
      const lines = diagnosticLines(run);
      assert.equal(lines.length, 1, run.stdout);
      assert.ok(
        lines[0]?.startsWith(
          `site-config.yaml:${at(config, `"${spec}"`)} error [path-outside-project] API "pets": spec "${asWritten}" is outside the project`,
        ),
        lines[0],
      );
    }
  }

  test('a spec path up and out of the project', async () => {
    const place = await planted('spec-up');
    await assertSpecRefused(place, '../secret.yaml', '../secret.yaml');
  });

  test('an absolute spec path', async () => {
    const place = await planted('spec-absolute');
    await assertSpecRefused(place, place.secret, place.secret);
  });

  test('a spec file that is a symlink to a file outside', async () => {
    const place = await planted('spec-symlink');
    await mkdir(join(place.project, 'openapi'), { recursive: true });
    await symlink(place.secret, join(place.project, 'openapi/pets.yaml'));
    await assertSpecRefused(place, 'openapi/pets.yaml', 'openapi/pets.yaml');
  });

  test('a spec folder that is a symlink to a folder outside', async () => {
    const place = await planted('spec-folder-symlink');
    const outside = join(place.base, 'versions');
    await write(join(outside, '1.0.0.yaml'), contract(`schema:\n  type: string\n  description: ${place.marker}`));
    await mkdir(join(place.project, 'openapi'), { recursive: true });
    await symlink(outside, join(place.project, 'openapi/pets'));
    await assertSpecRefused(place, 'openapi/pets/', 'openapi/pets/');
  });

  test('a file of a spec folder that is a symlink to a file outside', async () => {
    const place = await planted('spec-folder-file');
    const outside = join(place.base, 'elsewhere.yaml');
    await writeFile(outside, contract(`schema:\n  type: string\n  description: ${place.marker}`));
    await mkdir(join(place.project, 'openapi/pets'), { recursive: true });
    await symlink(outside, join(place.project, 'openapi/pets/1.0.0.yaml'));
    await assertSpecRefused(place, 'openapi/pets/', 'openapi/pets/1.0.0.yaml');
  });
});

describe('what is refused is never opened', () => {
  // A named pipe blocks whoever opens it for reading until a writer comes: a build that read one would never end.
  test(
    "named pipes planted outside, named by every kind of $ref and by a second thread's contract, leave the build to end",
    { timeout: 120_000 },
    async () => {
      const place = await planted('fifo');
      const pipes = ['a.yaml', 'b.yaml', 'c.yaml'].map((name) => join(place.base, name));
      for (const pipe of pipes) execFileSync('mkfifo', [pipe]);
      await symlink(pipes[2] as string, join(place.project, 'linked.yaml'));
      await write(join(place.project, 'site-config.yaml'), CONFIG);
      // Over a million bytes of contract: its checks and types run on the second thread.
      const padding = `Padding:\n  type: string\n  description: "${'padding '.repeat(130_000)}"\n`;
      await write(join(place.project, 'shared/padding.yaml'), padding);
      await write(
        join(place.project, 'openapi/pets/1.0.0.yaml'),
        contract(
          `schema:\n  type: object\n  properties:\n    a: { $ref: "../../../a.yaml#/x" }\n    pad: { $ref: "../../shared/padding.yaml#/Padding" }\n    c: { $ref: "../../linked.yaml#/x" }\nexample:\n  $ref: "${pipes[1]}"`,
        ),
      );
      for (const command of ['build', 'validate', 'types']) {
        const run = await runBounded(['--no-cache', command], place.project, 60_000);
        assert.notEqual(run.code, 'timeout', `${command} opened a file outside the project`);
        await assertRefused(run as Run, place, command);
        const errors = diagnosticLines(run as Run).filter((line) => line.includes(' error ['));
        assert.deepEqual(
          errors.map((line) => /\[([a-z-]+)\]/.exec(line)?.[1]),
          ['path-outside-project', 'path-outside-project', 'path-outside-project'],
          (run as Run).stdout,
        );
      }
    },
  );
});

describe('a remote $ref is never fetched', () => {
  let server: Server;
  let port = 0;
  const requests: string[] = [];
  before(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.setHeader('content-type', 'application/yaml');
      response.end('Remote:\n  type: string\n  description: fetched\n');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((done) => server.close(() => done())));

  test(
    'in the structure, inside data, in a file it refers to, through build, validate and types: zero requests, located ref-resolves errors',
    { timeout: 180_000 },
    async () => {
      const place = await planted('remote');
      const remote = (path: string): string => `http://127.0.0.1:${port}/${path}`;
      await write(join(place.project, 'site-config.yaml'), CONFIG);
      const common = `Pet:\n  $ref: "${remote('common.yaml#/Remote')}"\n`;
      await write(join(place.project, 'openapi/pets/common.yaml'), common);
      const text = contract(
        `schema:\n  type: object\n  properties:\n    a: { $ref: "${remote('a.yaml#/Remote')}" }\n    b: { $ref: "common.yaml#/Pet" }\n    c: { $ref: "//127.0.0.1:${port}/c.yaml#/Remote" }\nexamples:\n  d:\n    value:\n      $ref: "${remote('d.yaml')}"`,
      );
      await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
      // The CLI as CI runs it (a child process, its own threads), and the standalone commands.
      const runs: Array<[string, Run]> = [
        ['build', await runCli(['build', '--no-cache'], place.project)],
        ['validate', await runCli(['validate', '--no-cache'], place.project)],
        ['types', await runCli(['types', '--no-cache'], place.project)],
        ['validate FILE', await runCli(['validate', 'openapi/pets/1.0.0.yaml'], place.project)],
        ['types FILE', await runCli(['types', 'openapi/pets/1.0.0.yaml'], place.project)],
      ];
      assert.deepEqual(requests, [], 'no request reached the listener');
      for (const [label, run] of runs) {
        await assertRefused(run, place, label);
        const errors = diagnosticLines(run).filter((line) => line.includes(' error ['));
        const expected = [
          `openapi/pets/1.0.0.yaml:${at(text, `"${remote('a.yaml#/Remote')}"`)} error [ref-resolves] broken $ref: remote reference "${remote('a.yaml#/Remote')}" is not fetched`,
          `openapi/pets/1.0.0.yaml:${at(text, `"//127.0.0.1:${port}/c.yaml#/Remote"`)} error [ref-resolves] broken $ref: remote reference "//127.0.0.1:${port}/c.yaml#/Remote" is not fetched`,
          `openapi/pets/1.0.0.yaml:${at(text, `"${remote('d.yaml')}"`)} error [ref-resolves] broken $ref: remote reference "${remote('d.yaml')}" is not fetched`,
          `openapi/pets/common.yaml:${at(common, `"${remote('common.yaml#/Remote')}"`)} error [ref-resolves] broken $ref: remote reference "${remote('common.yaml#/Remote')}" is not fetched`,
        ];
        assert.equal(errors.length, expected.length, `${label}: ${run.stdout}`);
        for (const start of expected)
          assert.ok(
            errors.some((line) => line.startsWith(start)),
            `${label}: no line starting ${start}\n${run.stdout}`,
          );
      }
    },
  );

  test(
    "an example's externalValue URL, which a valid contract may hold, is shown and never fetched: the build passes with zero requests",
    { timeout: 120_000 },
    async () => {
      const place = await planted('external-url');
      await write(join(place.project, 'site-config.yaml'), CONFIG);
      await write(
        join(place.project, 'openapi/pets/1.0.0.yaml'),
        contract(
          `schema:\n  type: object\nexamples:\n  far:\n    externalValue: "http://127.0.0.1:${port}/example.json"`,
        ),
      );
      const seen = requests.length;
      const run = await runCli(['build', '--no-cache'], place.project);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.equal(requests.length, seen, 'no request reached the listener');
      assert.match(await readFile(join(place.project, 'out/types/pets.d.ts'), 'utf8'), /listPets/);
    },
  );
});

/** The CLI in a child process, killed after `ms` (a run that blocks on a pipe it opened). */
function runBounded(args: readonly string[], cwd: string, ms: number): Promise<Run | { code: 'timeout' }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, timeout: ms, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && error.killed) return done({ code: 'timeout' });
        done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
      },
    );
  });
}
