import type { Located } from '../contracts/sources.js';
import { isRecord } from '../sources/pointer.js';
import type { ChangeKind } from './change.js';
import type { ChangeLog, Scope } from './change-log.js';
import { code, phrase, type Wording } from './inline-code.js';
import { constraintChanges, enumOf, typeEffect, valueText, type Effect } from './schema-facts.js';
import { allOfTypes, fieldsOf, memberNames, variants } from './schema-fields.js';
import { defaultMessage, formatMessage, list, plural, typeMessage } from './schema-messages.js';
import { breaksFor, fieldDirections, reasonFor, removalReason, type SchemaPlace } from './schema-place.js';
import type { Node, Side } from './side.js';

export { BOTH_DIRECTIONS, type Direction, type SchemaPlace } from './schema-place.js';

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
      this.change(
        place,
        newRaw,
        oldRaw,
        'ref-changed',
        undefined,
        phrase`now refers to schema ${code(newName)} instead of ${code(oldName)}`,
      );
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
    if (a.deprecated === true && b.deprecated !== true)
      this.change(place, n, o, 'undeprecated', undefined, 'no longer deprecated');
    this.compareType(o, n, place);
    this.compareEnum(o, n, place);
    for (const c of constraintChanges(a, b))
      this.change(place, this.at(n, c.keyword), o, 'constraint-changed', c.effect, c.message);
    if (JSON.stringify(a.default) !== JSON.stringify(b.default)) {
      const message = defaultMessage(a.default, b.default);
      this.change(place, this.at(n, 'default'), o, 'default-changed', undefined, message);
    }
    this.compareProperties(o, n, place);
    this.compareAdditional(o, n, place);
    const oldItems = this.before.raw(o, 'items');
    const newItems = this.after.raw(n, 'items');
    if (oldItems && newItems && isRecord(oldItems.value) && isRecord(newItems.value))
      this.compare(oldItems, newItems, { ...place, path: `${place.path}[]` });
    // `allOf` members are compared through the fields they bring (compareProperties).
    for (const keyword of ['oneOf', 'anyOf'] as const) this.compareVariants(o, n, keyword, place);
  }

  private compareType(o: Node, n: Node, place: SchemaPlace): void {
    const before = allOfTypes(this.before, o);
    const after = allOfTypes(this.after, n);
    const effect = typeEffect(before, after);
    if (effect) this.change(place, this.at(n, 'type'), o, 'type-changed', effect, typeMessage(before, after));
    const f = typeof o.value.format === 'string' ? o.value.format : undefined;
    const g = typeof n.value.format === 'string' ? n.value.format : undefined;
    if (f === g) return;
    const formatEffect: Effect = f === undefined ? 'narrower' : g === undefined ? 'wider' : 'different';
    this.change(place, this.at(n, 'format'), o, 'format-changed', formatEffect, formatMessage(f, g));
  }

  private compareEnum(o: Node, n: Node, place: SchemaPlace): void {
    const before = enumOf(o.value);
    const after = enumOf(n.value);
    if (!before && !after) return;
    const at = this.at(n, 'enum' in n.value ? 'enum' : 'const');
    if (!before)
      return this.change(place, at, o, 'enum-changed', 'narrower', phrase`now limited to ${list(after ?? [])}`);
    if (!after) return this.change(place, n, o, 'enum-changed', 'wider', phrase`no longer limited to ${list(before)}`);
    if (before.length === 1 && after.length === 1 && 'const' in o.value && 'const' in n.value) {
      return this.change(
        place,
        at,
        o,
        'enum-changed',
        'different',
        phrase`value changed from ${code(valueText(before[0] as string))} to ${code(valueText(after[0] as string))}`,
      );
    }
    const removed = before.filter((v) => !after.includes(v));
    const added = after.filter((v) => !before.includes(v));
    if (removed.length > 0)
      this.change(
        place,
        at,
        o,
        'enum-changed',
        'narrower',
        phrase`${plural(removed.length, 'value')} removed: ${list(removed)}`,
      );
    if (added.length > 0)
      this.change(
        place,
        at,
        o,
        'enum-changed',
        'wider',
        phrase`${plural(added.length, 'value')} added: ${list(added)}`,
      );
  }

  /**
   * Fields are compared as integrators see them: an object's own properties together with those it
   * takes from its `allOf` members. A named member both versions share is left out here: its fields
   * are compared once, under its own name.
   */
  private compareProperties(o: Node, n: Node, place: SchemaPlace): void {
    const oldNames = memberNames(this.before, o);
    const newNames = memberNames(this.after, n);
    const shared = new Set([...oldNames].filter((name) => newNames.has(name)));
    const before = fieldsOf(this.before, o, shared);
    const after = fieldsOf(this.after, n, shared);
    const oldRequired = before.required;
    const newRequired = after.required;
    const newProps = this.after.raw(n, 'properties');
    // Maps, not objects: a field may be called `constructor` or `__proto__`.
    for (const name of [...new Set([...before.properties.keys(), ...after.properties.keys()])].sort()) {
      const path = place.path ? `${place.path}.${name}` : name;
      const was = before.properties.get(name);
      const now = after.properties.get(name);
      // A read-only field is never sent and a write-only one never read.
      const directions = fieldDirections(place.directions, [
        was && this.before.follow(was),
        now && this.after.follow(now),
      ]);
      const fieldPlace = { ...place, path, directions };
      if (!was && now) {
        const required = newRequired.has(name);
        this.log.add(place.scope, {
          kind: 'property-added',
          breaking: required && directions.has('request'),
          subject: place.subject(path),
          message: required
            ? directions.has('request') || !place.directions.has('request')
              ? 'added as required'
              : 'added as required, but read-only: integrators never send it'
            : 'added as optional',
          reason: 'integrators that send it must now set it',
          at: now,
        });
      } else if (was && !now) {
        this.log.add(place.scope, {
          kind: 'property-removed',
          breaking: directions.size > 0,
          subject: place.subject(path),
          message: 'removed',
          reason: removalReason(directions),
          at: newProps ?? n,
          was,
        });
      } else if (was && now) {
        if (!oldRequired.has(name) && newRequired.has(name))
          this.change(fieldPlace, now, was, 'required-added', 'narrower', 'became required');
        if (oldRequired.has(name) && !newRequired.has(name))
          this.change(fieldPlace, now, was, 'required-removed', 'wider', 'became optional');
        this.compareAccess(was, now, { ...place, path });
        this.compare(was, now, fieldPlace);
      }
    }
  }

  /** A field that becomes read-only is no longer sent, one that becomes write-only no longer read: judged by where the field was used. */
  private compareAccess(was: Located, now: Located, place: SchemaPlace): void {
    const o = this.before.follow(was);
    const n = this.after.follow(now);
    if (!o || !n) return;
    if (o.value.readOnly !== true && n.value.readOnly === true) {
      this.log.add(place.scope, {
        kind: 'read-only-changed',
        breaking: place.directions.has('request'),
        subject: place.subject(place.path),
        message: 'became read-only: requests no longer set it',
        reason: 'integrators that send it are no longer heard',
        at: now,
        was,
      });
    }
    if (o.value.writeOnly !== true && n.value.writeOnly === true) {
      this.log.add(place.scope, {
        kind: 'write-only-changed',
        breaking: place.directions.has('response'),
        subject: place.subject(place.path),
        message: 'became write-only: responses no longer hold it',
        reason: 'integrators that read it no longer get it',
        at: now,
        was,
      });
    }
  }

  private compareAdditional(o: Node, n: Node, place: SchemaPlace): void {
    const a = o.value.additionalProperties;
    const b = n.value.additionalProperties;
    if (a === false && b !== false && b !== undefined)
      this.change(
        place,
        this.at(n, 'additionalProperties'),
        o,
        'additional-properties-changed',
        'wider',
        'now allows other fields',
      );
    else if (a === false && b === undefined)
      this.change(place, n, o, 'additional-properties-changed', 'wider', 'now allows other fields');
    else if (a !== false && b === false)
      this.change(
        place,
        this.at(n, 'additionalProperties'),
        o,
        'additional-properties-changed',
        'narrower',
        'no longer allows other fields',
      );
    else if (isRecord(a) && isRecord(b)) {
      const before = this.before.raw(o, 'additionalProperties');
      const after = this.after.raw(n, 'additionalProperties');
      if (before && after) this.compare(before, after, { ...place, path: `${place.path}.*` });
    }
  }

  /** Alternatives are paired by the schema they name, else by position among the unnamed ones; a new one widens what is accepted. */
  private compareVariants(o: Node, n: Node, keyword: 'oneOf' | 'anyOf', place: SchemaPlace): void {
    const before = variants(this.before, o, keyword);
    const after = variants(this.after, n, keyword);
    if (before.length === 0 && after.length === 0) return;
    for (const variant of after) {
      const match = before.find((v) => v.key === variant.key);
      if (match) this.compare(match.node, variant.node, place);
      else
        this.change(place, variant.node, undefined, 'variant-added', 'wider', phrase`may now also be ${variant.label}`);
    }
    const list = this.after.raw(n, keyword) ?? n;
    for (const variant of before) {
      if (!after.some((v) => v.key === variant.key))
        this.change(
          place,
          list,
          variant.node,
          'variant-removed',
          'narrower',
          phrase`can no longer be ${variant.label}`,
        );
    }
  }

  /** The keyword's own node when it is written there, so the location points at it. */
  private at(node: Node, keyword: string): Located {
    return keyword in node.value ? (this.after.raw(node, keyword) ?? node) : node;
  }

  private change(
    place: SchemaPlace,
    at: Located,
    was: Located | undefined,
    kind: ChangeKind,
    effect: Effect | undefined,
    message: Wording,
  ): void {
    const breaking = effect !== undefined && breaksFor(place.directions, effect);
    this.log.add(place.scope, {
      kind,
      breaking,
      subject: place.subject(place.path),
      message,
      reason: effect && reasonFor(place.directions, effect),
      at,
      was,
    });
  }
}
