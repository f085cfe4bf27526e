import type * as TypeScript from 'typescript';
import { noBodyNote, requestUrl, type RequestPlan, type TypeRef } from './request-plan.js';
import { constant, literal, load, propertyName } from './typescript-ast.js';
import { bodyStatements } from './typescript-body.js';
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
    headers.push(f.createPropertyAssignment('Cookie', f.createStringLiteral(plan.cookies.join('; '), true)));

  const init: TypeScript.ObjectLiteralElementLike[] = [
    f.createPropertyAssignment('method', f.createStringLiteral(plan.method, true)),
  ];
  if (headers.length > 0)
    init.push(f.createPropertyAssignment('headers', f.createObjectLiteralExpression(headers, true)));
  if (plan.body?.kind === 'json') {
    const declared = plan.body.type ? typeNode(plan.body.type) : undefined;
    statements.push(constant('body', literal(plan.body.value ?? null), declared));
    init.push(
      f.createPropertyAssignment(
        'body',
        f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier('JSON'), 'stringify'), undefined, [
          f.createIdentifier('body'),
        ]),
      ),
    );
  } else if (plan.body) {
    statements.push(...bodyStatements(plan.body));
    init.push(f.createShorthandPropertyAssignment('body'));
  }
  const call = constant(
    'response',
    f.createAwaitExpression(
      f.createCallExpression(f.createIdentifier('fetch'), undefined, [
        f.createStringLiteral(target, true),
        f.createObjectLiteralExpression(init, true),
      ]),
    ),
  );
  if (plan.bodyLeftOut)
    ts.addSyntheticLeadingComment(call, ts.SyntaxKind.SingleLineCommentTrivia, ` ${noBodyNote(plan.method)}`, true);
  statements.push(call);
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
  } else if (plan.response && plan.method !== 'HEAD') {
    // A HEAD response has headers only: reading a body from it would throw.
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
