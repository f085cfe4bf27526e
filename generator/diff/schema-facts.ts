/**
 * The facts of one schema object that decide which values it accepts, read the same way from
 * OpenAPI 3.0 (`nullable`), 3.1 (type lists) and Swagger 2.0 (`x-nullable`).
 */

import { code, phrase, type Inline } from './inline-code.js';

/** Which way a change moved the set of values a schema accepts. */
export type Effect = 'narrower' | 'wider' | 'different';

/** The types a schema allows; undefined when it does not say (any value). */
export function typesOf(schema: Record<string, unknown>): Set<string> | undefined {
  const raw = schema.type;
  const list =
    typeof raw === 'string'
      ? [raw]
      : Array.isArray(raw)
        ? raw.filter((t): t is string => typeof t === 'string')
        : undefined;
  if (!list) return undefined;
  const types = new Set(list);
  if (schema.nullable === true || schema['x-nullable'] === true) types.add('null');
  return types;
}

/** An integer is a number: `integer` → `number` only widens. */
function covers(types: ReadonlySet<string>, type: string): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

export function typeEffect(before: Set<string> | undefined, after: Set<string> | undefined): Effect | undefined {
  if (!before && !after) return undefined;
  if (!before) return 'narrower';
  if (!after) return 'wider';
  const lost = [...before].some((t) => !covers(after, t));
  const gained = [...after].some((t) => !covers(before, t));
  return lost && gained ? 'different' : lost ? 'narrower' : gained ? 'wider' : undefined;
}

export function typeText(types: Set<string> | undefined): string {
  return types ? [...types].sort().join(' | ') : 'any';
}

/** The allowed values (`enum`, or `const` as a list of one), as JSON text for comparison. */
export function enumOf(schema: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v));
  if ('const' in schema) return [JSON.stringify(schema.const)];
  return undefined;
}

/** Numeric bounds: for an upper bound a smaller number accepts fewer values, for a lower bound a larger one. */
export const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
export const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;

export interface ConstraintChange {
  keyword: string;
  effect: Effect;
  message: Inline;
}

/** Every constraint keyword whose value differs, with the way it moved. */
export function constraintChanges(before: Record<string, unknown>, after: Record<string, unknown>): ConstraintChange[] {
  const out: ConstraintChange[] = [];
  for (const keyword of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const upper = (UPPER_BOUNDS as readonly string[]).includes(keyword);
    const a = before[keyword];
    const b = after[keyword];
    if (a === b) continue;
    // OpenAPI 3.0 and Swagger 2.0 write exclusive bounds as flags on maximum/minimum.
    if (typeof a === 'boolean' || typeof b === 'boolean') {
      if ((a === true) !== (b === true))
        out.push({
          keyword,
          effect: b === true ? 'narrower' : 'wider',
          message: b === true ? phrase`${code(keyword)} set` : phrase`${code(keyword)} unset`,
        });
      continue;
    }
    const x = typeof a === 'number' ? a : undefined;
    const y = typeof b === 'number' ? b : undefined;
    if (x === undefined && y === undefined) continue;
    if (x === undefined) out.push({ keyword, effect: 'narrower', message: phrase`${code(`${keyword}: ${y}`)} added` });
    else if (y === undefined)
      out.push({ keyword, effect: 'wider', message: phrase`${code(keyword)} removed (was ${x})` });
    else {
      const tighter = upper ? y < x : y > x;
      out.push({
        keyword,
        effect: tighter ? 'narrower' : 'wider',
        message: phrase`${code(keyword)} ${y < x ? 'lowered' : 'raised'} from ${x} to ${y}`,
      });
    }
  }
  const pattern = changeOfText('pattern', before.pattern, after.pattern);
  if (pattern) out.push(pattern);
  const multipleOf = multipleOfChange(before.multipleOf, after.multipleOf);
  if (multipleOf) out.push(multipleOf);
  if ((before.uniqueItems === true) !== (after.uniqueItems === true)) {
    out.push({
      keyword: 'uniqueItems',
      effect: after.uniqueItems === true ? 'narrower' : 'wider',
      message: phrase`${after.uniqueItems === true ? 'items must now be unique' : 'items no longer need to be unique'}`,
    });
  }
  return out;
}

function changeOfText(keyword: string, a: unknown, b: unknown): ConstraintChange | undefined {
  const x = typeof a === 'string' ? a : undefined;
  const y = typeof b === 'string' ? b : undefined;
  if (x === y) return undefined;
  if (x === undefined)
    return { keyword, effect: 'narrower', message: phrase`${code(keyword)} added: ${code(String(y))}` };
  if (y === undefined) return { keyword, effect: 'wider', message: phrase`${code(keyword)} removed (was ${code(x)})` };
  return { keyword, effect: 'different', message: phrase`${code(keyword)} changed from ${code(x)} to ${code(y)}` };
}

function multipleOfChange(a: unknown, b: unknown): ConstraintChange | undefined {
  const x = typeof a === 'number' && a > 0 ? a : undefined;
  const y = typeof b === 'number' && b > 0 ? b : undefined;
  if (x === y) return undefined;
  if (x === undefined)
    return { keyword: 'multipleOf', effect: 'narrower', message: phrase`${code(`multipleOf: ${y}`)} added` };
  if (y === undefined)
    return { keyword: 'multipleOf', effect: 'wider', message: phrase`${code('multipleOf')} removed (was ${x})` };
  // Every multiple of 4 is a multiple of 2: 2 → 4 accepts fewer values, 4 → 2 more.
  const effect: Effect = Number.isInteger(y / x) ? 'narrower' : Number.isInteger(x / y) ? 'wider' : 'different';
  return { keyword: 'multipleOf', effect, message: phrase`${code('multipleOf')} changed from ${x} to ${y}` };
}

/** A value for a message: a plain word as it is, anything else as JSON, long ones cut. */
export function valueText(json: string): string {
  const word = /^"[\w.:/@+-]+"$/.test(json) ? json.slice(1, -1) : undefined;
  // "1" and "true" keep their quotes, or they would read as a number and a boolean.
  const plain = word !== undefined && !/^(-?\d[\d.e+-]*|true|false|null)$/.test(word) ? word : json;
  return plain.length > 60 ? `${plain.slice(0, 57)}…` : plain;
}
