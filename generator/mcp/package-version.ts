import { readFileSync } from 'node:fs';

let version: string | undefined;

/** specsite's own version, which the server gives clients; from its package.json (two folders above this file's folder in dist/, as in the bundle). */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      const parsed = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
        version?: unknown;
      };
      version = typeof parsed.version === 'string' ? parsed.version : '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}
