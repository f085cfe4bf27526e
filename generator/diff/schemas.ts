import type { Located } from '../contracts/sources.js';
import { isRecord } from '../sources/pointer.js';
import type { ChangeKind } from './change.js';
import type { ChangeLog, Scope } from './change-log.js';
import { constraintChanges, enumOf, typeEffect, typesOf, typeText, valueText, type Effect } from './schema-facts.js';
import type { Node, Side } from './side.js';

/** Which way values flow through a schema: integrators send requests and read responses. */
export type Direction = 'request' | 'response';
export const BOTH_DIRECTIONS: ReadonlySet<Direction> = new Set(['request', 'response']);

export interface SchemaPlace {
  scope: Scope;
  directions: ReadonlySet<Direction>;
  /** Field path inside the schema: '' for the schema itself, `items[].id` below it. */
  path: string;
  /** How the element at a field path is named in the report. */
  subject: (path: string) => string;
}

/**
 * A change that makes a schema accept fewer values breaks integrators who send it; one that makes
 * it accept more breaks integrators who read it.
 */
export function breaksFor(directions: ReadonlySet<Direction>, effect: Effect): boolean {
  return effect === 'different' || (effect === 'narrower' ? directions.has('request') : directions.has('response'));
}

export function reasonFor(directions: ReadonlySet<Direction>, effect: Effect): string {
  if (effect !== 'wider' && directions.has('request')) return 'requests that were valid may now be refused';
  return 'responses may now hold values integrators do not expect';
}

/**
 * Compares two schemas of the same place, field by field. A named schema met on both sides under
 * the same name is not entered: it is compared once on its own and its changes are listed under it.
 */
export class SchemaComparer {
  private readonly seen = new Set<string>();

  constructor(
    private readonly log: ChangeLog,
    private readonly before: Side,
    private readonly after: Side,
  ) {}

  /** Compares two schemas as written (either may be a `$ref`). */
  compare(oldRaw: Located, newRaw: Located, place: SchemaPlace): void {
    const oldName = this.before.refName(oldRaw);
    const newName = this.after.refName(newRaw);
    if (oldName !== undefined && oldName === newName) return;
    const o = this.before.follow(oldRaw);
    const n = this.after.follow(newRaw);
    if (!o || !n) return;
    if (oldName !== undefined && newName !== undefined) {
      this.change(place, n, o, 'ref-changed', undefined, `now refers to schema \`${newName}\` instead of \`${oldName}\``);
    }
    this.compareResolved(o, n, place);
  }

  /** Compares two schema objects (no `$ref` left to follow at the top). */
  compareResolved(o: Node, n: Node, place: SchemaPlace): void {
    const key = `${o.file.path}#${o.segments.join('/')}|${n.file.path}#${n.segments.join('/')}|${place.path}`;
    if (this.seen.has(key) || place.path.length > 400) return;
    this.seen.add(key);
    const a = o.value;
    const b = n.value;
    if (a.deprecated !== true && b.deprecated === true) this.change(place, n, o, 'deprecated', undefined, 'deprecated');
    if (a.deprecated === true && b.deprecated !== true) this.change(place, n, o, 'undeprecated', undefined, 'no longer deprecated');
    this.compareType(o, n, place);
    this.compareEnum(o, n, place);
    for (const c of constraintChanges(a, b)) this.change(place, this.at(n, c.keyword), o, 'constraint-changed', c.effect, c.message);
    if (JSON.stringify(a.default) !== JSON.stringify(b.default)) {
      const message = b.default === undefined ? `default removed (was ${valueText(JSON.stringify(a.default))})` : a.default === undefined ? `default ${valueText(JSON.stringify(b.default))} added` : `default changed from ${valueText(JSON.stringify(a.default))} to ${valueText(JSON.stringify(b.default))}`;
      this.change(place, this.at(n, 'default'), o, 'default-changed', undefined, message);
    }
    if (a.readOnly !== true && b.readOnly === true) this.change(place, n, o, 'read-only-changed', place.directions.has('request') ? 'narrower' : undefined, 'became read-only: requests no longer set it');
    if (a.writeOnly !== true && b.writeOnly === true) this.change(place, n, o, 'write-only-changed', place.directions.has('response') ? 'wider' : undefined, 'became write-only: responses no longer hold it');
    this.compareProperties(o, n, place);
    this.compareAdditional(o, n, place);
    const oldItems = this.before.raw(o, 'items');
    const newItems = this.after.raw(n, 'items');
    if (oldItems && newItems && isRecord(oldItems.value) && isRecord(newItems.value)) this.compare(oldItems, newItems, { ...place, path: `${place.path}[]` });
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) this.compareVariants(o, n, keyword, place);
  }

  private compareType(o: Node, n: Node, place: SchemaPlace): void {
    const before = typesOf(o.value);
    const after = typesOf(n.value);
    const effect = typeEffect(before, after);
    if (effect) this.change(place, this.at(n, 'type'), o, 'type-changed', effect, `type changed from ${typeText(before)} to ${typeText(after)}`);
    const f = typeof o.value.format === 'string' ? o.value.format : undefined;
    const g = typeof n.value.format === 'string' ? n.value.format : undefined;
    if (f === g) return;
    const formatEffect: Effect = f === undefined ? 'narrower' : g === undefined ? 'wider' : 'different';
    const message = f === undefined ? `format \`${g}\` added` : g === undefined ? `format \`${f}\` removed` : `format changed from \`${f}\` to \`${g}\``;
    this.change(place, this.at(n, 'format'), o, 'format-changed', formatEffect, message);
  }

  private compareEnum(o: Node, n: Node, place: SchemaPlace): void {
    const before = enumOf(o.value);
    const after = enumOf(n.value);
    if (!before && !after) return;
    const at = this.at(n, 'enum' in n.value ? 'enum' : 'const');
    if (!before) return this.change(place, at, o, 'enum-changed', 'narrower', `now limited to ${list(after ?? [])}`);
    if (!after) return this.change(place, n, o, 'enum-changed', 'wider', `no longer limited to ${list(before)}`);
    const removed = before.filter((v) => !after.includes(v));
    const added = after.filter((v) => !before.includes(v));
    if (removed.length > 0) this.change(place, at, o, 'enum-changed', 'narrower', `${plural(removed.length, 'value')} removed: ${list(removed)}`);
    if (added.length > 0) this.change(place, at, o, 'enum-changed', 'wider', `${plural(added.length, 'value')} added: ${list(added)}`);
  }

  private compareProperties(o: Node, n: Node, place: SchemaPlace): void {
    const oldProps = this.before.raw(o, 'properties');
    const newProps = this.after.raw(n, 'properties');
    const a = isRecord(oldProps?.value) ? oldProps.value : {};
    const b = isRecord(newProps?.value) ? newProps.value : {};
    const oldRequired = requiredOf(o.value);
    const newRequired = requiredOf(n.value);
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const path = place.path ? `${place.path}.${name}` : name;
      const before = oldProps && name in a ? this.before.raw(oldProps, name) : undefined;
      const after = newProps && name in b ? this.after.raw(newProps, name) : undefined;
      // A read-only field is never sent and a write-only one never read.
      const directions = fieldDirections(place.directions, [before && this.before.follow(before), after && this.after.follow(after)]);
      const fieldPlace = { ...place, path, directions };
      if (!before && after) {
        const required = newRequired.has(name);
        this.log.add(place.scope, {
          kind: 'property-added',
          breaking: required && directions.has('request'),
          subject: place.subject(path),
          message: required ? 'added as required' : 'added as optional',
          reason: 'requests without the new field are refused',
          at: after,
        });
      } else if (before && !after) {
        this.log.add(place.scope, { kind: 'property-removed', breaking: directions.size > 0, subject: place.subject(path), message: 'removed', reason: 'integrators that send or read it lose it', at: newProps ?? n, was: before });
      } else if (before && after) {
        if (!oldRequired.has(name) && newRequired.has(name)) this.change(fieldPlace, after, before, 'required-added', 'narrower', 'became required');
        if (oldRequired.has(name) && !newRequired.has(name)) this.change(fieldPlace, after, before, 'required-removed', 'wider', 'became optional');
        this.compare(before, after, fieldPlace);
      }
    }
  }

  private compareAdditional(o: Node, n: Node, place: SchemaPlace): void {
    const a = o.value.additionalProperties;
    const b = n.value.additionalProperties;
    if (a === false && b !== false && b !== undefined) this.change(place, this.at(n, 'additionalProperties'), o, 'additional-properties-changed', 'wider', 'now allows other fields');
    else if (a === false && b === undefined) this.change(place, n, o, 'additional-properties-changed', 'wider', 'now allows other fields');
    else if (a !== false && b === false) this.change(place, this.at(n, 'additionalProperties'), o, 'additional-properties-changed', 'narrower', 'no longer allows other fields');
    else if (isRecord(a) && isRecord(b)) {
      const before = this.before.raw(o, 'additionalProperties');
      const after = this.after.raw(n, 'additionalProperties');
      if (before && after) this.compare(before, after, { ...place, path: `${place.path}.*` });
    }
  }

  /**
   * Variants are paired by the schema they name, else by position among the unnamed ones. A new
   * `allOf` member narrows what is accepted; a new `oneOf`/`anyOf` alternative widens it.
   */
  private compareVariants(o: Node, n: Node, keyword: 'allOf' | 'oneOf' | 'anyOf', place: SchemaPlace): void {
    const before = this.variants(this.before, o, keyword);
    const after = this.variants(this.after, n, keyword);
    if (before.length === 0 && after.length === 0) return;
    const addedEffect: Effect = keyword === 'allOf' ? 'narrower' : 'wider';
    const removedEffect: Effect = keyword === 'allOf' ? 'wider' : 'narrower';
    for (const variant of after) {
      const match = before.find((v) => v.key === variant.key);
      if (match) this.compare(match.node, variant.node, place);
      else this.change(place, variant.node, undefined, 'variant-added', addedEffect, keyword === 'allOf' ? `must now also match ${variant.label}` : `may now also be ${variant.label}`);
    }
    const list = this.after.raw(n, keyword) ?? n;
    for (const variant of before) {
      if (!after.some((v) => v.key === variant.key)) this.change(place, list, variant.node, 'variant-removed', removedEffect, keyword === 'allOf' ? `no longer needs to match ${variant.label}` : `can no longer be ${variant.label}`);
    }
  }

  private variants(side: Side, node: Node, keyword: string): Array<{ key: string; label: string; node: Located }> {
    const list = side.raw(node, keyword);
    if (!list || !Array.isArray(list.value)) return [];
    let unnamed = 0;
    return list.value.flatMap((_, index) => {
      const item = side.raw(list, index);
      if (!item) return [];
      const name = side.refName(item);
      return [name ? { key: `name:${name}`, label: `\`${name}\``, node: item } : { key: `#${unnamed++}`, label: `the inline schema ${index + 1}`, node: item }];
    });
  }

  /** The keyword's own node when it is written there, so the location points at it. */
  private at(node: Node, keyword: string): Located {
    return keyword in node.value ? (this.after.raw(node, keyword) ?? node) : node;
  }

  private change(place: SchemaPlace, at: Located, was: Located | undefined, kind: ChangeKind, effect: Effect | undefined, message: string): void {
    const breaking = effect !== undefined && breaksFor(place.directions, effect);
    this.log.add(place.scope, { kind, breaking, subject: place.subject(place.path), message, reason: effect && reasonFor(place.directions, effect), at, was });
  }
}

function requiredOf(schema: Record<string, unknown>): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
}

function fieldDirections(directions: ReadonlySet<Direction>, nodes: Array<Node | undefined>): ReadonlySet<Direction> {
  const readOnly = nodes.some((node) => node?.value.readOnly === true);
  const writeOnly = nodes.some((node) => node?.value.writeOnly === true);
  if (!readOnly && !writeOnly) return directions;
  return new Set([...directions].filter((d) => !(readOnly && d === 'request') && !(writeOnly && d === 'response')));
}

function list(values: readonly string[]): string {
  const shown = values.slice(0, 8).map((v) => `\`${valueText(v)}\``);
  return values.length > 8 ? `${shown.join(', ')} and ${values.length - 8} more` : shown.join(', ');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
