import { decodePointer, isRecord } from '../../sources/pointer.js';
import { uniqueSlug } from '../../sources/unique-slug.js';
import type { RefResolver } from './resolver.js';

export interface NamedSchema {
  name: string;
  anchor: string;
  pointer: string;
  schema: Record<string, unknown> | boolean;
  /** Route of the page its section is on. */
  page: string;
}

/** Chooses a schema's page the first time the registry meets it; called in a stable order. */
export type PageOf = (name: string, schema: Record<string, unknown> | boolean) => string;

/**
 * Every schema that gets a section of its own: the component schemas, plus any other schema a `$ref`
 * points at (bundling a multi-file contract leaves refs into paths and other schemas). Referencing
 * a schema always links to its section, so each is rendered once however often it is used.
 */
export class SchemaRegistry {
  private readonly byPointer = new Map<string, NamedSchema>();
  private readonly anchors = new Set<string>();
  private readonly discovered: NamedSchema[] = [];
  private readonly componentList: NamedSchema[] = [];
  private readonly names = new Set<string>();

  constructor(
    private readonly resolver: RefResolver,
    private readonly pageOf: PageOf,
    /** A route as a link (with the base URL). */
    private readonly link: (route: string) => string,
    /** The name of a schema written in another file of the contract, by where the bundled document has it. */
    private readonly externalName: (pointer: string) => string | undefined = () => undefined,
  ) {
    const schemas = resolver.document.components;
    const named = isRecord(schemas) && isRecord(schemas.schemas) ? schemas.schemas : {};
    for (const name of Object.keys(named).sort(compareNames)) {
      const schema = named[name];
      if (isRecord(schema) || typeof schema === 'boolean')
        this.componentList.push(
          this.add(name, `/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, schema),
        );
    }
  }

  /** The components, in name order. */
  get components(): readonly NamedSchema[] {
    return this.componentList;
  }

  /** Schemas reached only through a `$ref` that is not a component; grows while the page is built. */
  get others(): readonly NamedSchema[] {
    return this.discovered;
  }

  href(named: NamedSchema): string {
    return `${this.link(named.page)}#${named.anchor}`;
  }

  /** The section a `$ref` leads to, registering it the first time; undefined when it leads nowhere. */
  forRef(ref: string): NamedSchema | undefined {
    const resolved = this.resolver.target(ref);
    if (!resolved?.pointer) return undefined;
    const known = this.byPointer.get(resolved.pointer);
    if (known) return known;
    const external = this.externalName(resolved.pointer);
    const named = this.add(
      external === undefined ? pointerName(resolved.pointer) : this.unused(external),
      resolved.pointer,
      resolved.value,
    );
    this.discovered.push(named);
    return named;
  }

  /** `name`, numbered from 2 when a schema of the page already has it. */
  private unused(name: string): string {
    let candidate = name;
    for (let n = 2; this.names.has(candidate); n++) candidate = `${name}${n}`;
    return candidate;
  }

  private add(name: string, pointer: string, schema: Record<string, unknown> | boolean): NamedSchema {
    this.names.add(name);
    const anchor = uniqueSlug(`schema-${name.replace(/\s+/g, '-')}`, this.anchors);
    const named = { name, anchor, pointer, schema, page: this.pageOf(name, schema) };
    this.byPointer.set(pointer, named);
    return named;
  }
}

/** A schema of the document's own that is no component, named after the last steps of its pointer. */
function pointerName(pointer: string): string {
  const segments = decodePointer(pointer) ?? [];
  return (
    segments
      .filter((s) => !['components', 'schemas', 'properties', 'items', 'content', 'paths'].includes(s))
      .slice(-3)
      .join('.') || 'schema'
  );
}

function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
