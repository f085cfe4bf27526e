import { isRecord } from '../sources/pointer.js';

export type SpecVersion = '2.0' | '3.0' | '3.1';

export type VersionResult =
  | { ok: true; version: SpecVersion; raw: string }
  | { ok: false; message: string; key: 'openapi' | 'swagger' | undefined };

/** Which OpenAPI/Swagger dialect a document is written in, or why it is none we support. */
export function detectSpecVersion(data: unknown): VersionResult {
  if (!isRecord(data))
    return {
      ok: false,
      message: 'not an OpenAPI document: the top level must be a mapping with an `openapi` field',
      key: undefined,
    };
  if ('openapi' in data) {
    const raw = data.openapi;
    if (typeof raw !== 'string')
      return {
        ok: false,
        message: `\`openapi\` must be a string like "3.1.0", not a ${typeof raw} (quote it in YAML)`,
        key: 'openapi',
      };
    if (/^3\.0\.\d+$/.test(raw)) return { ok: true, version: '3.0', raw };
    if (/^3\.1\.\d+$/.test(raw)) return { ok: true, version: '3.1', raw };
    return {
      ok: false,
      message: `unsupported OpenAPI version "${raw}"; specsite reads 3.0.x and 3.1.x (and Swagger 2.0)`,
      key: 'openapi',
    };
  }
  if ('swagger' in data) {
    const raw = data.swagger;
    if (typeof raw !== 'string')
      return {
        ok: false,
        message: `\`swagger\` must be the string "2.0", not a ${typeof raw} (quote it in YAML)`,
        key: 'swagger',
      };
    if (raw === '2.0') return { ok: true, version: '2.0', raw };
    return {
      ok: false,
      message: `unsupported Swagger version "${raw}"; only Swagger 2.0 and OpenAPI 3.0/3.1 are read`,
      key: 'swagger',
    };
  }
  return {
    ok: false,
    message: 'not an OpenAPI document: it has no `openapi` (or `swagger`) version field',
    key: undefined,
  };
}
