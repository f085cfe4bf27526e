import { requestUrl, type RequestPlan } from './request-plan.js';

/** A curl command line: each argument is quoted for a POSIX shell, one option per line. */
export function curlSample(plan: RequestPlan): string {
  const url = requestUrl(plan);
  const lines: string[][] = [['curl', ...(plan.method === 'GET' ? [] : ['-X', plan.method]), url]];
  for (const { name, value } of plan.headers) lines.push(['-H', `${name}: ${value}`]);
  if (plan.cookies.length > 0) lines.push(['--cookie', plan.cookies.map((c) => `${c.name}=${c.value}`).join('; ')]);
  if (plan.basicAuth) lines.push(['-u', '<username>:<password>']);
  if (plan.clientCertificate) lines.push(['--cert', 'client.pem', '--key', 'client.key']);
  if (plan.response?.stream) lines.push(['--no-buffer']);
  if (plan.body) {
    const { mediaType, value } = plan.body;
    if (/json/i.test(mediaType)) lines.push(['--data', JSON.stringify(value ?? null, null, 2)]);
    else if (/x-www-form-urlencoded/i.test(mediaType) && isFlat(value))
      for (const [k, v] of Object.entries(value)) lines.push(['--data-urlencode', `${k}=${String(v)}`]);
    else if (/multipart\/form-data/i.test(mediaType) && isFlat(value))
      for (const [k, v] of Object.entries(value))
        lines.push(['-F', v === '<binary>' ? `${k}=@file` : `${k}=${String(v)}`]);
    else if (typeof value === 'string' && value !== '<binary>') lines.push(['--data', value]);
    else lines.push(['--data-binary', '@file']);
  }
  return lines.map((args) => args.map(quote).join(' ')).join(' \\\n  ');
}

function isFlat(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain words stay bare; anything else is single-quoted, with embedded quotes closed and escaped. */
function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
