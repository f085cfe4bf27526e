import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { printValue } from '../../diagnostics/print-value.js';
import { isRecord } from '../../sources/pointer.js';
import type { ContractSources, Located } from '../sources.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

const COMPOSITION = ['allOf', 'anyOf', 'oneOf', 'if', 'dependentSchemas', 'patternProperties'];
/** Keywords whose branches are composed with the schema that holds them. */
const BRANCHES = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * A name in `required` that the schema never defines is usually a typo; integrators get a required
 * field of type `unknown`. A warning: in 3.x it is legal JSON Schema (reported only where no
 * composition could define the property elsewhere), and Swagger 2.0's specification does not forbid
 * it either (only its JSON Schema validators did), so both versions are judged alike. A property counts as
 * defined when the schema, any `allOf` branch of it, or a schema that composes it (and that one's
 * `allOf` branches) defines it: `$ref`s followed, across files.
 */
export const requiredPropertyDefined: ContractRule = {
  id: 'required-property-defined',
  severity: 'warning',
  configurable: true,
  // README's rule table is made from `doc`; what counts as defined is in the comment above.
  doc: "names in `required` exist in `properties`; a name counts as defined when the schema, any of its `allOf` branches (followed through `$ref`s, across files), or a schema that composes it (`allOf`/`anyOf`/`oneOf`, with that schema's `allOf` branches) defines it",
  run({ sources, version, schemas: visit }) {
    const out: Diagnostic[] = [];
    const defined = new DefinedProperties(sources, visit.schemas);
    for (const schema of visit.schemas) {
      const { required, properties } = schema.value;
      if (!Array.isArray(required) || !isRecord(properties)) continue;
      if (
        version !== '2.0' &&
        (COMPOSITION.some((k) => k in schema.value) ||
          (schema.value.additionalProperties !== undefined && schema.value.additionalProperties !== false))
      )
        continue;
      required.forEach((name, index) => {
        if (typeof name === 'string' && !Object.hasOwn(properties, name) && !defined.has(schema, name)) {
          out.push(
            report(
              sources,
              schema,
              requiredPropertyDefined.id,
              `property "${printValue(name)}" is listed as required but is not defined in \`properties\``,
              { extra: ['required', index], severity: 'warning' },
            ),
          );
        }
      });
    }
    return out;
  },
};

/** The property names a schema has through composition, and the schemas that compose each schema. */
class DefinedProperties {
  private readonly parents = new Map<string, Located<Record<string, unknown>>[]>();

  constructor(
    private readonly sources: ContractSources,
    schemas: readonly Located<Record<string, unknown>>[],
  ) {
    for (const parent of schemas) {
      for (const keyword of BRANCHES) {
        const list = parent.value[keyword];
        if (!Array.isArray(list)) continue;
        list.forEach((_, i) => {
          const branch = sources.child(parent, keyword);
          const item = branch && sources.child(branch, i);
          if (!item) return;
          const key = keyOf(sources.follow(item));
          this.parents.set(key, [...(this.parents.get(key) ?? []), parent]);
        });
      }
    }
  }

  /**
   * Whether `name` is defined by an `allOf` branch of `schema` or by a schema composing it. Only the
   * schema and the schemas above it are climbed from: a branch shared with other schemas does not
   * borrow their properties.
   */
  has(schema: Located, name: string): boolean {
    const start = keyOf(this.sources.follow(schema));
    const seen = new Set<string>();
    const stack: { node: Located; climb: boolean }[] = [{ node: schema, climb: true }];
    while (stack.length > 0) {
      const { node: written, climb } = stack.pop() as (typeof stack)[number];
      const node = this.sources.follow(written);
      const key = keyOf(node);
      if (seen.has(key) || !isRecord(node.value)) continue;
      seen.add(key);
      const properties = node.value.properties;
      if (key !== start && isRecord(properties) && Object.hasOwn(properties, name)) return true;
      const allOf = this.sources.child(node, 'allOf');
      if (allOf && Array.isArray(allOf.value))
        allOf.value.forEach((_, i) => {
          const branch = this.sources.child(allOf, i);
          if (branch) stack.push({ node: branch, climb: false });
        });
      if (climb) for (const parent of this.parents.get(key) ?? []) stack.push({ node: parent, climb: true });
    }
    return false;
  }
}

function keyOf(node: Pick<Located, 'file' | 'segments'>): string {
  return `${node.file.path}#${node.segments.join('/')}`;
}
