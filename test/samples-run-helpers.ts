import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { toString } from 'hast-util-to-string';
import ts from 'typescript';
import { Page } from './html.js';

// Shared by the sample tests: the reference's samples are read from the built page, run for real
// against a server on 127.0.0.1 that records what arrives, and the recorded requests are decoded.

export interface Recorded {
  method: string;
  /** The request target as sent: path and raw query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Samples {
  curl: string;
  typescript: string;
}

/** Each operation's curl and TypeScript samples, as the reader sees them in the page's `pre` blocks. */
export async function samplesOf(page: string): Promise<Map<string, Samples>> {
  const html = await Page.read(page);
  const found = new Map<string, Samples>();
  for (const section of html.all('section.api-operation')) {
    const codes = selectAll('.api-samples .code-block', section).map((block: Element) => ({
      label: toString(selectAll('.code-block-title', block)[0] ?? block),
      code: toString(selectAll('pre code', block)[0] ?? block),
    }));
    const curl = codes.find((c) => c.label === 'curl')?.code;
    const typescript = codes.find((c) => c.label === 'TypeScript')?.code;
    if (curl !== undefined && typescript !== undefined) found.set(String(section.properties.id), { curl, typescript });
  }
  return found;
}

/** A server that answers every request with `{}` and keeps what it received. */
export class Recorder {
  readonly requests: Recorded[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Recorder> {
    const server = createServer();
    const recorder = new Recorder(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        recorder.requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return recorder;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

function run(file: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(file, args, { cwd, timeout: 20_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`${file} failed: ${error.message}\n${stderr}`)) : done({ stdout, stderr }),
    );
  });
}

/** The curl sample as a reader pastes it into a shell, with the contract's server replaced by the recorder. */
export async function runCurl(sample: string, server: string, origin: string, cwd: string): Promise<void> {
  await run('/bin/sh', ['-c', sample.split(server).join(origin)], cwd);
}

/** The TypeScript sample transpiled (its `import type` lines dropped) and run by Node, whose fetch sends it. */
export async function runTypeScript(sample: string, server: string, origin: string, cwd: string): Promise<void> {
  const source = sample
    .split('\n')
    .filter((line) => !line.startsWith('import type '))
    .join('\n')
    .split(server)
    .join(origin);
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(cwd, 'sample.mjs');
  await writeFile(file, outputText);
  await run(process.execPath, [file], cwd);
}

export interface Part {
  name: string | undefined;
  filename: string | undefined;
  contentType: string | undefined;
  content: Buffer;
}

/** A multipart/form-data body split into its parts, each with the headers that matter here. */
export function multipartParts(body: Buffer, contentType: string | undefined): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  const text = body.toString('latin1');
  const parts: Part[] = [];
  for (const chunk of text.split(delimiter).slice(1)) {
    if (chunk.startsWith('--')) break;
    const end = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(2, end);
    const header = (name: string): string | undefined => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
    const disposition = header('content-disposition') ?? '';
    parts.push({
      name: /\bname="([^"]*)"/.exec(disposition)?.[1],
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1],
      contentType: header('content-type'),
      content: Buffer.from(chunk.slice(end + 4, chunk.length - 2), 'latin1'),
    });
  }
  return parts;
}
