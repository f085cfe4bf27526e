import type { SpecVersion } from './spec-version.js';

/**
 * Rewrites the keywords of ONE schema object (not its sub-schemas) from the OpenAPI 3.0 / Swagger 2.0
 * dialect to JSON Schema 2020-12, keeping every other key (and so every JSON pointer below it) in place:
 * `nullable` becomes a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers,
 * `example` becomes `examples`. OpenAPI 3.1 schemas are already 2020-12 and come back unchanged.
 */
export function toJsonSchemaKeywords(schema: Record<string, unknown>, version: SpecVersion): Record<string, unknown> {
  if (version === '3.1') return schema;
  const out: Record<string, unknown> = { ...schema };
  const nullable = out.nullable === true || out['x-nullable'] === true;
  delete out.nullable;
  delete out['x-nullable'];
  if (nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] === true && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      } else {
        delete out[flag];
      }
    }
  }
  if ('example' in out) {
    if (!('examples' in out)) out.examples = [out.example];
    delete out.example;
  }
  if (version === '2.0' && out.type === 'file') {
    out.type = 'string';
    out.format = 'binary';
  }
  // Swagger 2.0 / draft-04 tuple form.
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    delete out.items;
  }
  return out;
}
