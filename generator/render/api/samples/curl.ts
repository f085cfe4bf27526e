import { percentEncode } from './parameter-style.js';
import { SAMPLE_FILE, type PartPlan } from './request-body.js';
import { noBodyNote, requestUrl, type RequestPlan } from './request-plan.js';

/** A curl command line: each argument is quoted for a POSIX shell, one option per line. */
export function curlSample(plan: RequestPlan): string {
  const url = requestUrl(plan);
  // `-X HEAD` would wait for a body that never comes; `--head` asks for the headers only.
  const method = plan.method === 'GET' ? [] : plan.method === 'HEAD' ? ['--head'] : ['-X', plan.method];
  const lines: string[][] = [['curl', ...method, url]];
  for (const { name, value } of plan.headers) lines.push(['-H', `${name}: ${value}`]);
  if (plan.cookies.length > 0) lines.push(['--cookie', plan.cookies.join('; ')]);
  if (plan.basicAuth) lines.push(['-u', '<username>:<password>']);
  if (plan.clientCertificate) lines.push(['--cert', 'client.pem', '--key', 'client.key']);
  if (plan.response?.stream) lines.push(['--no-buffer']);
  const body = plan.body;
  if (body?.kind === 'json') lines.push(['--data', JSON.stringify(body.value ?? null, null, 2)]);
  else if (body?.kind === 'form')
    for (const [name, value] of body.pairs)
      // curl encodes the value of `name=value` and sends the name as written, so the name is encoded
      // here (brackets kept, the way form bodies are read and written by hand: `card[number]=4242`).
      lines.push(
        name === ''
          ? ['--data-raw', `=${percentEncode(value)}`]
          : ['--data-urlencode', `${encodeFormName(name)}=${value}`],
      );
  else if (body?.kind === 'multipart') for (const part of body.parts) lines.push(formPart(part));
  else if (body?.kind === 'text') lines.push(['--data-raw', body.text]);
  else if (body?.kind === 'file') lines.push(['--data-binary', `@${SAMPLE_FILE}`]);
  const command = lines.map((args) => args.map(quote).join(' ')).join(' \\\n  ');
  return plan.bodyLeftOut ? `# ${noBodyNote(plan.method)}\n${command}` : command;
}

/**
 * One `-F` argument. A file part reads the sample file; any other value is double-quoted unless it is
 * plainly safe, so a value starting with `@` or `<` is never read as a file name, nor `;type=` as an
 * option. curl takes the name up to the first `=`, so a name holding one is encoded.
 */
function formPart(part: PartPlan): string[] {
  const name = part.name.replace(/[=%]/g, (c) => encodeURIComponent(c));
  const type = part.contentType && part.contentType !== 'application/octet-stream' ? `;type=${part.contentType}` : '';
  if (part.text === undefined) return ['-F', `${name}=@${SAMPLE_FILE}${type}`];
  const text = /^[A-Za-z0-9_.,:+/-](?:[^;"\\]*[^;"\\\s])?$/.test(part.text)
    ? part.text
    : `"${part.text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return ['-F', `${name}=${text}${part.contentType ? `;type=${part.contentType}` : ''}`];
}

function encodeFormName(name: string): string {
  return percentEncode(name).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** Plain words stay bare; anything else is single-quoted, with embedded quotes closed and escaped. */
function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
