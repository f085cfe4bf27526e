import { createRequire } from 'node:module';

/** Keys whose pointer text is remembered before starting again. */
const LIMIT = 20_000;

interface PointerClass {
  join: (base: string, tokens: unknown) => string;
}

let patched = false;

/**
 * json-schema-ref-parser, the dereferencer swagger-parser runs for the structure check, builds two JSON
 * pointers for every key of the document it walks (`Pointer.join`), escaping the key again each time
 * with two regular expressions and `encodeURIComponent`: GitHub's description (600,000 nodes) took
 * 565 ms to dereference, 350 ms with this. What a key adds to a pointer depends on the key alone, so
 * that text is worked out once per key; every pointer is the same string as before, and anything but
 * a string key goes to the original (which throws on it as before).
 */
export function rememberPointerKeys(): void {
  if (patched) return;
  patched = true;
  const pointer = pointerClass();
  // A release of the dereferencer laid out otherwise is left as it is: only slower, never broken.
  if (!pointer) return;
  const original = pointer.join.bind(pointer);
  const texts = new Map<string, string>();
  pointer.join = (base, tokens) => {
    const keys: unknown[] = Array.isArray(tokens) ? tokens : [tokens];
    if (typeof base !== 'string' || !keys.every((key) => typeof key === 'string')) return original(base, tokens);
    let out = base.includes('#') ? base : `${base}#`;
    for (const key of keys as string[]) {
      let text = texts.get(key);
      if (text === undefined) {
        text = original('#', key).slice(1);
        if (texts.size >= LIMIT) texts.clear();
        texts.set(key, text);
      }
      out += text;
    }
    return out;
  };
}

/** The dereferencer's `Pointer`, from the copy swagger-parser itself loads; none if it is not where this release has it. */
function pointerClass(): PointerClass | undefined {
  try {
    const require = createRequire(import.meta.url);
    const parserRequire = createRequire(require.resolve('@apidevtools/swagger-parser'));
    const loaded = parserRequire('@apidevtools/json-schema-ref-parser/dist/lib/pointer.js') as {
      default?: Partial<PointerClass>;
    };
    return typeof loaded.default?.join === 'function' ? (loaded.default as PointerClass) : undefined;
  } catch {
    return undefined;
  }
}
