import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { build } from '../generator/commands/build.js';
import { tempDir } from './helpers.js';

// Shared by the tests of `serve` and `dev` under hostile clients: raw requests, and a built site with a secret beside it.

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request, sent as written: the path is not normalized and any header may be set. */
export function ask(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((done, failed) => {
    const sent = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('latin1');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', failed);
      },
    );
    sent.on('error', failed);
    sent.end();
  });
}

export async function settle(): Promise<void> {
  await new Promise((wake) => setTimeout(wake, 300));
}

/** A small built site in a temp project, and a secret beside the project that nothing may serve. */
export async function builtSite(): Promise<{
  project: string;
  config: string;
  out: string;
  site: string;
  secretDir: string;
  marker: string;
}> {
  const base = await tempDir('hostile-servers');
  const project = join(base, 'project');
  const secretDir = join(base, 'secret');
  const marker = `SECRET-${randomBytes(12).toString('hex')}`;
  await mkdir(join(project, 'content/docs'), { recursive: true });
  await mkdir(secretDir);
  await writeFile(join(secretDir, 'secret.txt'), `${marker}\n`);
  const config = join(project, 'site-config.yaml');
  await writeFile(
    config,
    'title: Hostile\nurl: https://hostile.example\nbaseUrl: /kb/\nnavbar:\n  items:\n    - { type: docSidebar, label: Docs }\n',
  );
  await writeFile(
    join(project, 'content/docs/intro.mdx'),
    '---\ntitle: Intro\ndescription: The first page.\n---\n\nThe first words.\n',
  );
  const out = join(project, 'out');
  const result = await build({ config, out, strict: false, cache: false });
  assert.ok(result.report, result.diagnostics.map((d) => d.message).join('; '));
  return { project, config, out, site: join(out, 'site'), secretDir, marker };
}
