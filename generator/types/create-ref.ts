/** openapi-typescript's helpers module, as far as it is patched here. */
export interface RefHelpers {
  createRef: (parts: unknown[]) => string;
}

/** Parts whose pointer text is remembered before starting again: about 5 MB of paths. */
const LIMIT = 20_000;

const patched = new WeakSet<RefHelpers>();

/**
 * openapi-typescript's `createRef` (each schema's path, for its `$ref`s and comments) parses every
 * part as a JSON pointer and escapes it again, the parent's whole path once per child: GitHub's
 * description took 1.2 s of the types' thread in it. What a part adds to the pointer depends on the
 * part alone (`createRef([part])` less its `#`), and a parent's path comes back for each of its
 * children, so that text is worked out once per part. The module's property is what its transforms
 * call, at each call; a part that makes the original throw throws the same here.
 */
export function rememberRefParts(helpers: RefHelpers): void {
  if (patched.has(helpers)) return;
  patched.add(helpers);
  const original = helpers.createRef;
  const texts = new Map<string, string>();
  helpers.createRef = (parts) => {
    let pointer = '#';
    for (const part of parts) {
      if (typeof part !== 'string') {
        pointer += original([part]).slice(1);
        continue;
      }
      let text = texts.get(part);
      if (text === undefined) {
        text = original([part]).slice(1);
        if (texts.size >= LIMIT) texts.clear();
        texts.set(part, text);
      }
      pointer += text;
    }
    return pointer;
  };
}
