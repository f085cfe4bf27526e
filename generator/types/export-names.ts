import type { Node, TypeNode } from 'typescript';
import { commentText } from './comment-text.js';

type TypeScript = typeof import('typescript');

/**
 * Words a type alias may not be named: the reserved words of strict-mode modules, and the names of
 * TypeScript's own types ("Type alias name cannot be 'string'").
 */
const NOT_A_TYPE_NAME = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await ' +
    'any bigint boolean never number object string symbol undefined unknown'
  ).split(' '),
);

/** An identifier as ECMAScript (and so TypeScript) defines one: `Größe` and `名前` are names too. */
const IDENTIFIER = /^[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*$/u;

/** A name as written, if it can stand as an exported type; else undefined. */
function asWritten(name: string): string | undefined {
  return IDENTIFIER.test(name) && !NOT_A_TYPE_NAME.has(name) ? name : undefined;
}

/**
 * The name a schema is exported under when its own cannot be: its words in PascalCase, as
 * openapi-typescript names root types (`simple-user` → `SimpleUser`, `apps.secret` → `AppsSecret`,
 * `delete` → `Delete`), `_` first where it would start with a digit.
 */
export function pascalName(name: string): string {
  const words = name.split(/[^\p{ID_Continue}$]+/u).filter((word) => word !== '');
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('') || 'Schema';
  return /^[\p{ID_Start}_$]/u.test(joined) ? joined : `_${joined}`;
}

/** A schema exported under another name than its own, for the package's README. */
export interface RenamedSchema {
  schema: string;
  name: string;
}

/**
 * The schema a root alias stands for, if it is one. openapi-typescript writes the alias's type as one
 * identifier holding `components['schemas']['…']`, and names the alias after the schema as written.
 */
function schemaOf(ts: TypeScript, node: Node): string | undefined {
  if (!ts.isTypeAliasDeclaration(node) || !ts.isTypeReferenceNode(node.type)) return undefined;
  const target = node.type.typeName;
  return ts.isIdentifier(target) && target.text.startsWith(`components['schemas'][`) ? node.name.text : undefined;
}

/** Names openapi-typescript's alias text (`components['schemas']['…']`, unescaped) holds as they are. */
const QUOTED_AS_WRITTEN = /^[^'\\\n\r\u2028\u2029]*$/;

/** `components['schemas']['it\'s']`, built as a type so the printer escapes the name. */
function schemaType(ts: TypeScript, schema: string): TypeNode {
  const { factory } = ts;
  const key = (text: string) => factory.createLiteralTypeNode(factory.createStringLiteral(text, true));
  return factory.createIndexedAccessTypeNode(
    factory.createIndexedAccessTypeNode(factory.createTypeReferenceNode('components'), key('schemas')),
    key(schema),
  );
}

/**
 * openapi-typescript's root types name each schema's alias as written (we ask it to keep the
 * contract's casing), which is not always a TypeScript name: `export type simple-user` does not
 * compile. Those, and names another declaration of the file already has, are exported under their
 * PascalCase name instead (numbered from 2 when that is taken too), with a comment naming the schema.
 * Names that work are left alone, so a contract whose names all work gets the same file as before.
 */
export function exportableNames(ts: TypeScript, nodes: readonly Node[]): { nodes: Node[]; renamed: RenamedSchema[] } {
  const taken = new Set<string>();
  const declared = (node: Node): string | undefined =>
    (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) && ts.isIdentifier(node.name)
      ? node.name.text
      : undefined;
  // First every name that stays: the file's own declarations, then the schemas' names that work as written.
  for (const node of nodes) {
    const name = declared(node);
    if (name !== undefined && schemaOf(ts, node) === undefined) taken.add(name);
  }
  const keeps = new Set<Node>();
  for (const node of nodes) {
    const name = schemaOf(ts, node) !== undefined ? asWritten(declared(node) ?? '') : undefined;
    if (name === undefined || taken.has(name)) continue;
    taken.add(name);
    keeps.add(node);
  }
  const renamed: RenamedSchema[] = [];
  const exported = nodes.map((node) => {
    const schema = schemaOf(ts, node);
    if (schema === undefined || keeps.has(node) || !ts.isTypeAliasDeclaration(node)) return node;
    const base = pascalName(schema);
    let name = asWritten(base) ?? `${base}_`;
    for (let n = 2; taken.has(name); n++) name = `${asWritten(base) ?? `${base}_`}${n}`;
    taken.add(name);
    renamed.push({ schema, name });
    const alias = ts.factory.updateTypeAliasDeclaration(
      node,
      node.modifiers,
      ts.factory.createIdentifier(name),
      node.typeParameters,
      QUOTED_AS_WRITTEN.test(schema) ? node.type : schemaType(ts, schema),
    );
    return ts.addSyntheticLeadingComment(
      alias,
      ts.SyntaxKind.MultiLineCommentTrivia,
      `* The schema "${commentText(schema)}": its own name is not a TypeScript name, or is taken. `,
      true,
    );
  });
  return { nodes: exported, renamed };
}
