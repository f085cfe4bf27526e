import { z } from 'zod';
import { siteConfigSchema } from './schema.js';

/** The config schema as JSON Schema, for editors completing site-config.yaml (the zod schema stays the source). */
export function siteConfigJsonSchema(): string {
  const schema = z.toJSONSchema(siteConfigSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  return JSON.stringify({ ...schema, title: 'specsite site configuration' }, null, 2) + '\n';
}
