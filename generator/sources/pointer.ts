/** RFC 6901 JSON pointers, as arrays of segments inside the code and as strings at the edges. */
export type Segment = string | number;

export function encodePointer(segments: readonly Segment[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Decodes `/a/b~1c` (and the URI-fragment form `#/a/b%20c`) into segments; undefined when malformed. */
export function decodePointer(pointer: string): string[] | undefined {
  let text = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  try {
    text = decodeURIComponent(text);
  } catch {
    return undefined;
  }
  if (text === '') return [];
  if (!text.startsWith('/')) return undefined;
  return text
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `segments` inside `data`, or undefined when some step does not exist. */
export function getAtPointer(data: unknown, segments: readonly Segment[]): unknown {
  let node: unknown = data;
  for (const seg of segments) {
    if (Array.isArray(node)) {
      const index = typeof seg === 'number' ? seg : /^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : -1;
      if (index < 0 || index >= node.length) return undefined;
      node = node[index];
    } else if (isRecord(node) && Object.prototype.hasOwnProperty.call(node, String(seg))) {
      node = node[String(seg)];
    } else {
      return undefined;
    }
  }
  return node;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
