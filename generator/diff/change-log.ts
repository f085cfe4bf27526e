import type { Located } from '../contracts/sources.js';
import { getAtPointer, isRecord } from '../sources/pointer.js';
import type { ApiChange, ChangeGroup, ChangeKind } from './change.js';
import { inline, type Wording } from './inline-code.js';
import type { Node, Side } from './side.js';

/** The extension by which a contract says a breaking change is intended. */
export const ACKNOWLEDGEMENT_KEY = 'x-breaking-change-acknowledged';

/** Where changes are reported: an operation or named schema of the new contract, and the object that holds it there. */
export interface Scope {
  group: ChangeGroup;
  /** The operation or schema in the new contract (for a removed one, what it was removed from); acknowledgements above it do not count. */
  root: Node;
}

export interface ChangeInput {
  kind: ChangeKind;
  breaking: boolean;
  subject: Wording;
  message: Wording;
  reason?: string;
  /** The element in the new contract, or the object it was removed from. */
  at: Located;
  was?: Located;
}

/** Collects the changes of one comparison and judges acknowledgements where they are recorded. */
export class ChangeLog {
  readonly changes: ApiChange[] = [];

  constructor(
    private readonly before: Side,
    private readonly after: Side,
  ) {}

  add(scope: Scope, input: ChangeInput): void {
    this.changes.push({
      kind: input.kind,
      breaking: input.breaking,
      acknowledged: input.breaking && acknowledged(input.at, scope.root),
      group: scope.group,
      subject: inline(input.subject),
      message: inline(input.message),
      reason: input.breaking ? input.reason : undefined,
      at: this.after.site(input.at),
      was: input.was ? this.before.site(input.was) : undefined,
    });
  }
}

/**
 * The note counts on the changed element or on any object that holds it, up to the operation or
 * schema: one note on an operation covers every change inside it. A node reached through a `$ref`
 * outside its group (a shared response, say) is judged on its own ancestors within its component.
 */
function acknowledged(at: Located, root: Node): boolean {
  const inside = at.file === root.file && root.segments.every((s, i) => String(at.segments[i]) === String(s));
  const floor = inside ? root.segments.length : componentDepth(at);
  for (let depth = at.segments.length; depth >= floor; depth--) {
    const node = getAtPointer(at.file.data, at.segments.slice(0, depth));
    if (isRecord(node) && isNote(node[ACKNOWLEDGEMENT_KEY])) return true;
  }
  return false;
}

function isNote(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim() !== '');
}

/** How deep a reusable component sits: `components/<kind>/<name>`, or Swagger 2.0's `definitions/<name>`. */
function componentDepth(node: Located): number {
  const first = node.segments[0];
  if (first === 'components') return Math.min(3, node.segments.length);
  if (first === 'definitions' || first === 'parameters' || first === 'responses')
    return Math.min(2, node.segments.length);
  return node.segments.length;
}
