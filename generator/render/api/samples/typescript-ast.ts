import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

// TypeScript takes about a second to load; a build whose samples all come from the cache never loads it.
let compiler: { ts: typeof TypeScript; f: TypeScript.NodeFactory; printer: TypeScript.Printer } | undefined;
export function load(): NonNullable<typeof compiler> {
  if (!compiler) {
    const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
    compiler = { ts, f: ts.factory, printer: ts.createPrinter({ newLine: ts.NewLineKind.LineFeed }) };
  }
  return compiler;
}
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function constant(
  name: string,
  initializer: TypeScript.Expression,
  type?: TypeScript.TypeNode,
): TypeScript.Statement {
  const { ts, f } = load();
  return f.createVariableStatement(
    undefined,
    f.createVariableDeclarationList(
      [f.createVariableDeclaration(name, undefined, type, initializer)],
      ts.NodeFlags.Const,
    ),
  );
}

export function propertyName(name: string): TypeScript.PropertyName {
  const { f } = load();
  return IDENTIFIER.test(name) ? f.createIdentifier(name) : f.createStringLiteral(name, true);
}

/** A JSON value as a TypeScript expression. */
export function literal(value: unknown): TypeScript.Expression {
  const { ts, f } = load();
  if (value === null || value === undefined) return f.createNull();
  if (typeof value === 'string') return f.createStringLiteral(value, true);
  if (typeof value === 'number')
    return value < 0
      ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(-value))
      : f.createNumericLiteral(value);
  if (typeof value === 'boolean') return value ? f.createTrue() : f.createFalse();
  if (Array.isArray(value))
    return f.createArrayLiteralExpression(
      value.map(literal),
      value.length > 0 && value.some((v) => typeof v === 'object' && v !== null),
    );
  const entries = Object.entries(value as Record<string, unknown>);
  return f.createObjectLiteralExpression(
    entries.map(([key, v]) => f.createPropertyAssignment(propertyName(key), literal(v))),
    entries.length > 0,
  );
}
