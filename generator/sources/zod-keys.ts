import type { z } from 'zod';
import { getAtPointer, isRecord, type Segment } from './pointer.js';

/** The parts of a zod schema's definition this walk reads (zod 4's `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Deeper than this, a schema is taken to have no keys to suggest (a `lazy` one may recurse). */
const MAX_STEPS = 64;

/**
 * The keys an object at `path` of `data` may have under `schema`: what an unknown key there is
 * compared with for a suggestion. Of a union's objects, those whose literal fields agree with the
 * data (`type: doc`), or all of them when none does. Empty when no object schema is found there.
 */
export function keysAt(schema: z.ZodType, path: readonly Segment[], data: unknown): string[] {
  const keys = new Set<string>();
  collect(schema, path, 0, data, keys, 0);
  return [...keys];
}

function collect(
  schema: z.ZodType,
  path: readonly Segment[],
  depth: number,
  data: unknown,
  keys: Set<string>,
  steps: number,
): void {
  if (steps > MAX_STEPS) return;
  const def = defOf(schema);
  const next = (inner: z.ZodType | undefined, d = depth): void => {
    if (inner) collect(inner, path, d, data, keys, steps + 1);
  };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return next(def.getter?.());
    case 'intersection':
      next(def.left);
      return next(def.right);
    case 'union': {
      const options = def.options ?? [];
      const here = getAtPointer(data, path.slice(0, depth));
      const agreeing = options.filter((option) => agrees(option, here));
      for (const option of agreeing.length > 0 ? agreeing : options) next(option);
      return;
    }
    case 'array':
      return depth < path.length ? next(def.element, depth + 1) : undefined;
    case 'record':
      return depth < path.length ? next(def.valueType, depth + 1) : undefined;
    case 'object': {
      const shape = def.shape ?? {};
      if (depth === path.length) {
        for (const key of Object.keys(shape)) keys.add(key);
        return;
      }
      const key = String(path[depth]);
      return Object.hasOwn(shape, key) ? next(shape[key], depth + 1) : undefined;
    }
    default:
      return;
  }
}

/** Whether each literal field of an object option (`type: z.literal('doc')`) has its value in `value`. */
function agrees(option: z.ZodType, value: unknown): boolean {
  let def = defOf(option);
  for (let i = 0; i < 8 && def.type !== 'object'; i++) {
    const inner = def.innerType ?? def.in;
    if (!inner) return false;
    def = defOf(inner);
  }
  if (def.type !== 'object' || !isRecord(value)) return false;
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    const fieldDef = defOf(field);
    if (fieldDef.type === 'literal' && !(fieldDef.values ?? []).includes(value[key])) return false;
  }
  return true;
}
