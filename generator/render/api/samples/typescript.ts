import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';
import { requestUrl, type RequestPlan, type TypeRef } from './request-plan.js';

// TypeScript takes about a second to load; a build whose samples all come from the cache never loads it.
let compiler: { ts: typeof TypeScript; f: TypeScript.NodeFactory; printer: TypeScript.Printer } | undefined;
function load(): NonNullable<typeof compiler> {
  if (!compiler) {
    const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
    compiler = { ts, f: ts.factory, printer: ts.createPrinter({ newLine: ts.NewLineKind.LineFeed }) };
  }
  return compiler;
}
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A `fetch` call typed with the generated package (`import type { Bucket } from 'pkg/service'`),
 * built as a TypeScript syntax tree and printed, so the sample is always well-formed TypeScript.
 */
export function typescriptSample(plan: RequestPlan, module: string): string {
  const { ts, f, printer } = load();
  const imports = new Set<string>();
  const statements: TypeScript.Statement[] = [];
  const typeNode = (ref: TypeRef): TypeScript.TypeNode => {
    if (ref.kind === 'named') {
      imports.add(ref.name);
      return f.createTypeReferenceNode(ref.name);
    }
    imports.add(ref.root);
    let node: TypeScript.TypeNode = f.createTypeReferenceNode(ref.root);
    for (const key of ref.keys) {
      node = f.createIndexedAccessTypeNode(
        node,
        f.createLiteralTypeNode(
          typeof key === 'number' ? f.createNumericLiteral(key) : f.createStringLiteral(key, true),
        ),
      );
      // An optional request body is `requestBody?:`; its content is only reachable through NonNullable.
      if (key === 'requestBody') node = f.createTypeReferenceNode('NonNullable', [node]);
    }
    return node;
  };

  const target = requestUrl(plan);
  const headers: TypeScript.ObjectLiteralElementLike[] = plan.headers.map(({ name, value }) =>
    f.createPropertyAssignment(propertyName(name), f.createStringLiteral(value, true)),
  );
  if (plan.basicAuth)
    headers.push(
      f.createPropertyAssignment(
        'Authorization',
        f.createBinaryExpression(
          f.createStringLiteral('Basic ', true),
          ts.SyntaxKind.PlusToken,
          f.createCallExpression(f.createIdentifier('btoa'), undefined, [
            f.createStringLiteral('<username>:<password>', true),
          ]),
        ),
      ),
    );
  if (plan.cookies.length > 0)
    headers.push(
      f.createPropertyAssignment(
        'Cookie',
        f.createStringLiteral(plan.cookies.map((c) => `${c.name}=${c.value}`).join('; '), true),
      ),
    );

  const init: TypeScript.ObjectLiteralElementLike[] = [
    f.createPropertyAssignment('method', f.createStringLiteral(plan.method, true)),
  ];
  if (headers.length > 0)
    init.push(f.createPropertyAssignment('headers', f.createObjectLiteralExpression(headers, true)));
  if (plan.body) {
    const json = /json/i.test(plan.body.mediaType) || plan.body.mediaType === '*/*';
    const form = /x-www-form-urlencoded/i.test(plan.body.mediaType);
    const declared = plan.body.type && (json || form) ? typeNode(plan.body.type) : undefined;
    statements.push(constant('body', literal(plan.body.value ?? null), declared));
    const body = f.createIdentifier('body');
    init.push(
      f.createPropertyAssignment(
        'body',
        json
          ? f.createCallExpression(
              f.createPropertyAccessExpression(f.createIdentifier('JSON'), 'stringify'),
              undefined,
              [body],
            )
          : form
            ? f.createNewExpression(f.createIdentifier('URLSearchParams'), undefined, [
                f.createAsExpression(
                  body,
                  f.createTypeReferenceNode('Record', [
                    f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
                    f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
                  ]),
                ),
              ])
            : f.createCallExpression(f.createIdentifier('String'), undefined, [body]),
      ),
    );
  }
  statements.push(
    constant(
      'response',
      f.createAwaitExpression(
        f.createCallExpression(f.createIdentifier('fetch'), undefined, [
          f.createStringLiteral(target, true),
          f.createObjectLiteralExpression(init, true),
        ]),
      ),
    ),
  );
  const response = f.createIdentifier('response');
  statements.push(
    f.createIfStatement(
      f.createPrefixUnaryExpression(ts.SyntaxKind.ExclamationToken, f.createPropertyAccessExpression(response, 'ok')),
      f.createBlock(
        [
          f.createThrowStatement(
            f.createNewExpression(f.createIdentifier('Error'), undefined, [
              f.createTemplateExpression(f.createTemplateHead('HTTP '), [
                f.createTemplateSpan(f.createPropertyAccessExpression(response, 'status'), f.createTemplateTail('')),
              ]),
            ]),
          ),
        ],
        true,
      ),
    ),
  );
  if (plan.response?.stream) {
    // An event stream arrives in pieces; reading it chunk by chunk is the honest sample.
    statements.push(
      constant(
        'reader',
        f.createCallChain(
          f.createPropertyAccessChain(
            f.createPropertyAccessExpression(response, 'body'),
            f.createToken(ts.SyntaxKind.QuestionDotToken),
            'getReader',
          ),
          undefined,
          undefined,
          [],
        ),
      ),
    );
  } else if (plan.response) {
    const json = /json/i.test(plan.response.mediaType) || plan.response.mediaType === '*/*';
    const read = f.createAwaitExpression(
      f.createCallExpression(f.createPropertyAccessExpression(response, json ? 'json' : 'text'), undefined, []),
    );
    statements.push(
      constant(
        'data',
        json && plan.response.type
          ? f.createAsExpression(f.createParenthesizedExpression(read), typeNode(plan.response.type))
          : read,
      ),
    );
  }

  const header: TypeScript.Statement[] = [];
  if (imports.size > 0) {
    header.push(
      f.createImportDeclaration(
        undefined,
        f.createImportClause(
          true,
          undefined,
          f.createNamedImports(
            [...imports].sort().map((name) => f.createImportSpecifier(false, undefined, f.createIdentifier(name))),
          ),
        ),
        f.createStringLiteral(module, true),
      ),
    );
  }
  const file = f.createSourceFile(
    [...header, ...statements],
    f.createToken(ts.SyntaxKind.EndOfFileToken),
    ts.NodeFlags.None,
  );
  // The printer indents by four and puts no blank line after the imports; samples read better with two and one.
  const text = printer.printFile(file).replace(/^((?:    )+)/gm, (indent) => ' '.repeat(indent.length / 2));
  return imports.size > 0 ? text.replace(/;\n/, ';\n\n') : text;
}

function constant(name: string, initializer: TypeScript.Expression, type?: TypeScript.TypeNode): TypeScript.Statement {
  const { ts, f } = load();
  return f.createVariableStatement(
    undefined,
    f.createVariableDeclarationList(
      [f.createVariableDeclaration(name, undefined, type, initializer)],
      ts.NodeFlags.Const,
    ),
  );
}

function propertyName(name: string): TypeScript.PropertyName {
  const { f } = load();
  return IDENTIFIER.test(name) ? f.createIdentifier(name) : f.createStringLiteral(name, true);
}

/** A JSON value as a TypeScript expression. */
function literal(value: unknown): TypeScript.Expression {
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
