import type { Options } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { linearRegExp } from './pattern-engine.js';

/**
 * How a contract's examples and the content's tagged examples are checked against its schemas: every
 * problem reported, OpenAPI's keywords tolerated, patterns run by a linear-time engine (a contract's
 * regex cannot hang the build), and compiled for speed of compiling, as each validator runs only a few times.
 * Only an example's own properties count: without `ownProperties`, a field named `constructor` or
 * `hasOwnProperty` is found on every object (its prototype's), so `required: [constructor]` passed
 * and an absent `hasOwnProperty: { type: string }` "must be string".
 */
export const EXAMPLE_VALIDATION: Options = {
  strict: false,
  allErrors: true,
  validateSchema: false,
  logger: false,
  allowUnionTypes: true,
  unicodeRegExp: true,
  ownProperties: true,
  code: { optimize: false, regExp: linearRegExp },
};

/** Whether an Ajv built with these options knows a keyword: one it does not know it ignores (`strict: false`). */
export function ajvKnows(ajv: Pick<Ajv2020, 'RULES' | 'getKeyword'>, keyword: string): boolean {
  return Boolean(ajv.RULES.keywords[keyword] ?? ajv.getKeyword(keyword));
}
