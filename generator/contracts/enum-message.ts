import { printValue } from '../diagnostics/print-value.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { getAtPointer, isRecord, type Segment } from '../sources/pointer.js';

/** The order the specification lists a parameter's locations in, which the schemas' branches do not keep. */
const LOCATIONS = ['query', 'header', 'path', 'cookie', 'formData', 'body'];

/**
 * "`in` must be query, header, path or cookie; did you mean `query`?": a value outside its list, in
 * the user's terms: the field as written, the values as they would write them, and the nearest one.
 * A path parameter's `required: false` is said as the rule it breaks.
 */
export function enumMessage(path: Segment[], allowed: unknown[], checkedPath: Segment[], checked: unknown): string {
  const field = path.at(-1);
  const holder = getAtPointer(checked, checkedPath.slice(0, -1));
  if (field === 'required' && allowed.length === 1 && allowed[0] === true && isRecord(holder) && holder.in === 'path')
    return 'a path parameter must be `required: true`';
  const name = typeof field === 'string' ? `\`${field}\`` : path.length > 0 ? `\`${path.join('.')}\`` : 'the value';
  const values = field === 'in' ? [...allowed].sort((a, b) => rank(a) - rank(b)) : allowed;
  const shown = values.map((v) => (typeof v === 'string' ? v : printValue(JSON.stringify(v))));
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}` : (shown[0] ?? '');
  const given = getAtPointer(checked, checkedPath);
  const strings = values.filter((v): v is string => typeof v === 'string');
  const close = typeof given === 'string' ? nearestNames(given, strings, 1)[0] : undefined;
  return `${name} must be ${list}${close === undefined ? '' : `; did you mean \`${close}\`?`}`;
}

function rank(value: unknown): number {
  const at = LOCATIONS.indexOf(String(value));
  return at === -1 ? LOCATIONS.length : at;
}
