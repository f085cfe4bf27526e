// Start-up of `specsite mcp` with a built site: spawns the server as an MCP client would (node
// bin/specsite.js mcp), sends `initialize`, `notifications/initialized` and `tools/list`, and prints
// the time until the tool list is back and the process's peak resident memory (VmHWM from
// /proc/<pid>/status, read right after), over several runs; then the time of a first search and of
// a first get_operation, which load the search index and read a reference index.
// Usage: node scripts/bench-mcp.mjs [--config site-config.yaml] [--out out] [--runs 7]
// The site is built first if it is not (that first start is not counted).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    config: { type: 'string', default: 'site-config.yaml' },
    out: { type: 'string', default: 'out' },
    runs: { type: 'string', default: '7' },
  },
});
const BIN = new URL('../bin/specsite.js', import.meta.url).pathname;

/** One server process and a way to ask it things. */
function start() {
  const child = spawn(process.execPath, [BIN, 'mcp', '--config', values.config, '--out', values.out], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const waiting = new Map();
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      waiting.get(message.id)?.(message);
    }
  });
  let next = 1;
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      child.once('exit', () => reject(new Error(`the server stopped: ${stderr}`)));
    });
  const notify = (method) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.stdin.end();
    });
  return { child, request, notify, stop };
}

async function ready(server) {
  await server.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench-mcp', version: '1' },
  });
  server.notify('notifications/initialized');
  return server.request('tools/list', {});
}

function peakRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

// The first start builds the site when it is missing or stale; not counted.
{
  const server = start();
  await ready(server);
  await server.stop();
}

const times = [];
const memory = [];
for (let run = 0; run < Number(values.runs); run++) {
  const started = performance.now();
  const server = start();
  const { tools } = await ready(server);
  times.push(performance.now() - started);
  memory.push(peakRss(server.child.pid));
  if (tools.length !== 6) throw new Error(`expected 6 tools, got ${tools.length}`);
  await server.stop();
}

const server = start();
await ready(server);
let at = performance.now();
await server.request('tools/call', { name: 'search', arguments: { query: 'how content flows in' } });
const search = performance.now() - at;
at = performance.now();
const listed = await server.request('tools/call', { name: 'list_operations', arguments: { service: 'datasource' } });
const first = JSON.parse(listed.content[0].text).operations[0];
await server.request('tools/call', {
  name: 'get_operation',
  arguments: { service: 'datasource', operationId: first.operationId },
});
const operation = performance.now() - at;
const afterCalls = peakRss(server.child.pid);
await server.stop();

const sorted = (list) => [...list].sort((a, b) => a - b);
const median = (list) => sorted(list)[Math.floor(list.length / 2)];
const fmt = (n) => n.toFixed(0);
console.log(`specsite mcp, ${values.runs} starts with a built site (${values.config}, ${values.out}/):`);
console.log(
  `  ready (initialize + tools/list answered): median ${fmt(median(times))} ms, max ${fmt(Math.max(...times))} ms (budget 1000 ms)`,
);
console.log(
  `  peak RSS when ready: median ${fmt(median(memory))} MB, max ${fmt(Math.max(...memory))} MB (budget 150 MB)`,
);
console.log(`  first search (builds the index): ${fmt(search)} ms`);
console.log(`  list_operations + get_operation on datasource (reads its reference index): ${fmt(operation)} ms`);
console.log(`  peak RSS after those calls: ${fmt(afterCalls)} MB`);
