/** A key of openapi-typescript's output: `export interface components {`, `schemas: {`, `"/pets": {`, `Big?: …`. */
const KEY = /^(?:export interface ([\w$]+)|"((?:[^"\\]|\\.)*)"\??:|([\w$]+)\??:)/;

/**
 * Where in the contract a line of a service's declarations comes from, as far as openapi-typescript's
 * layout tells it: the keys of the lines that enclose it, each less indented than the one inside it
 * (`components` › `schemas` › `Big`, or `paths` › `/pets` › `get`). Only the document's own levels are
 * kept (a component, a path's operation); `operations` and anything else give the document itself.
 */
export function declarationPointer(declarations: string, line: number, swagger2: boolean): string[] {
  const lines = declarations.split('\n');
  const keys: string[] = [];
  let indent = Infinity;
  for (let index = Math.min(line, lines.length) - 1; index >= 0 && indent > 0; index--) {
    const text = lines[index] as string;
    const depth = text.length - text.trimStart().length;
    if (depth >= indent || text.trim() === '') continue;
    const key = KEY.exec(text.trimStart());
    if (!key) continue;
    indent = depth;
    keys.unshift(key[1] ?? (key[2] !== undefined ? JSON.parse(`"${key[2]}"`) : key[3]) ?? '');
  }
  const [root, kind, name, method] = keys;
  if (root === 'components' && kind !== undefined) {
    if (swagger2 && kind === 'schemas') return name === undefined ? ['definitions'] : ['definitions', name];
    return name === undefined ? ['components', kind] : ['components', kind, name];
  }
  if ((root === 'paths' || root === 'webhooks') && kind !== undefined)
    return method === undefined || name === undefined ? [root, kind] : [root, kind, name];
  return [];
}
