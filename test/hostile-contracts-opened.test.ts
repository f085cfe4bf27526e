import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { readFile, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI, runCli, type Run } from './helpers.js';
import { assertRefused, at, CONFIG, contract, diagnosticLines, planted, write } from './hostile-contracts-helpers.js';

/**
 * Contracts from a stranger's pull request: a file outside the project that a `$ref` names is
 * never opened (a named pipe there would block the build), and a remote `$ref` is never fetched.
 */

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
