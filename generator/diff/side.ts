import type { Contract } from '../contracts/validate.js';
import type { Located } from '../contracts/sources.js';
import { collectOperations, collectPathItems, operationKey, type OperationSite } from '../contracts/walk.js';
import { encodePointer, isRecord, type Segment } from '../sources/pointer.js';
import type { ChangeSite } from './change.js';

export type Node = Located<Record<string, unknown>>;

/**
 * One of the two contracts being compared, seen the way the comparison needs it: operations by
 * method and path, named schemas by name, `$ref`s followed across files, every node locatable.
 * Swagger 2.0 keeps its schemas under `definitions` and its bodies in parameters; the accessors
 * below hide that, so the comparison is written once.
 */
export class Side {
  readonly swagger2: boolean;
  readonly operations = new Map<string, OperationSite>();
  readonly schemas = new Map<string, Node>();
  readonly root: Node;

  constructor(readonly contract: Contract) {
    const { sources } = contract;
    this.swagger2 = contract.specVersion === '2.0';
    this.root = { file: sources.root, segments: [], value: isRecord(sources.root.data) ? sources.root.data : {} };
    const items = collectPathItems(sources).filter((item) => item.kind === 'path');
    for (const site of collectOperations(sources, items))
      this.operations.set(operationKey(site.method, site.pathItem.key), site);
    const container = this.swagger2
      ? this.child(this.root, 'definitions')
      : this.child(this.child(this.root, 'components'), 'schemas');
    if (container)
      for (const name of Object.keys(container.value)) {
        const schema = this.child(container, name);
        if (schema) this.schemas.set(name, schema);
      }
  }

  /** The child `key` of a node as an object, `$ref`s followed; undefined when it is absent or not an object. */
  child(node: Node | undefined, key: Segment): Node | undefined {
    if (!node) return undefined;
    const raw = this.contract.sources.child(node, key);
    if (!raw) return undefined;
    const target = this.contract.sources.follow(raw);
    return isRecord(target.value) ? (target as Node) : undefined;
  }

  /** The child `key` as written, without following it: to see whether it is a `$ref`. */
  raw(node: Located, key: Segment): Located | undefined {
    return this.contract.sources.child(node, key);
  }

  /** The object a node's `$ref` chain ends at. */
  follow(node: Located): Node | undefined {
    const target = this.contract.sources.follow(node);
    return isRecord(target.value) ? (target as Node) : undefined;
  }

  /** The name of the named schema a node refers to (`$ref: '#/components/schemas/Item'` → `Item`). */
  refName(node: Located): string | undefined {
    if (!isRecord(node.value) || typeof node.value.$ref !== 'string') return undefined;
    const target = this.follow(node);
    if (!target) return undefined;
    const s = target.segments;
    const named = this.swagger2
      ? s.length === 2 && s[0] === 'definitions'
      : s.length === 3 && s[0] === 'components' && s[1] === 'schemas';
    return named ? String(s[s.length - 1]) : undefined;
  }

  /** Where a node is written: at its key (`tags:`), where a block mapping's value would start a line later. */
  site(node: Pick<Located, 'file' | 'segments'>): ChangeSite {
    const position = node.file.locate(node.segments, 'key');
    return {
      file: node.file.display,
      line: position.line,
      column: position.column,
      pointer: encodePointer(node.segments),
    };
  }

  /** The security requirements in force for an operation: its own, else the document's. */
  security(operation: Node): { node: Node; alternatives: string[] } {
    const own = this.contract.sources.child(operation, 'security');
    const list = own ?? this.contract.sources.child(this.root, 'security');
    const value = list?.value;
    const alternatives = Array.isArray(value) ? value.filter(isRecord).map(requirementText) : [];
    return { node: own ? operation : this.root, alternatives: [...new Set(alternatives)].sort() };
  }
}

/** `oauth[read,write] + apiKey`; the empty requirement (`{}`) is anonymous access. */
function requirementText(requirement: Record<string, unknown>): string {
  const parts = Object.keys(requirement)
    .sort()
    .map((scheme) => {
      const scopes = Array.isArray(requirement[scheme]) ? (requirement[scheme] as unknown[]).map(String).sort() : [];
      return scopes.length > 0 ? `${scheme}[${scopes.join(',')}]` : scheme;
    });
  return parts.length > 0 ? parts.join(' + ') : 'anonymous';
}
