import { isRecord, type Segment } from '../sources/pointer.js';
import type { SourceFile } from '../sources/source-file.js';

/** Keys whose values are data, not OpenAPI/JSON Schema structure: a "$ref" in there is just text. */
const DATA_KEYS = new Set(['example', 'enum', 'const', 'default', 'value']);

/**
 * Calls `visit` for every object of a file's OpenAPI/JSON Schema structure, in document order,
 * skipping data (example values, enums, defaults, `x-` extensions). A schema's `examples` array holds
 * instances and is skipped; a media type's `examples` map holds Example objects and is walked.
 */
export function forEachStructuralObject(
  file: SourceFile,
  visit: (value: Record<string, unknown>, segments: Segment[]) => void,
): void {
  const stack: { value: unknown; segments: Segment[]; parentKey: string | undefined }[] = [
    { value: file.data, segments: [], parentKey: undefined },
  ];
  while (stack.length > 0) {
    const { value, segments, parentKey } = stack.pop() as (typeof stack)[number];
    if (Array.isArray(value)) {
      if (parentKey === 'examples') continue;
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], segments: [...segments, i], parentKey: undefined });
    } else if (isRecord(value)) {
      visit(value, segments);
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        if (key === '$ref' || DATA_KEYS.has(key) || key.startsWith('x-')) continue;
        stack.push({ value: value[key], segments: [...segments, key], parentKey: key });
      }
    }
  }
}
