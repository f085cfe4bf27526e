import type * as TypeScript from 'typescript';
import { SAMPLE_FILE, type BodyPlan, type PartPlan } from './request-body.js';
import { constant, load, propertyName } from './typescript-ast.js';

/** Stands for the bytes of a file; the reader puts a File, a Blob or their own bytes in its place. */
const FILE_CONTENTS = '<file contents>';

/** The statements that make `body` for a body other than JSON: what `fetch` sends as the media type says. */
export function bodyStatements(body: Exclude<BodyPlan, { kind: 'json' }>): TypeScript.Statement[] {
  const { f } = load();
  const text = (value: string): TypeScript.Expression => f.createStringLiteral(value, true);
  switch (body.kind) {
    case 'form': {
      const names = body.pairs.map(([name]) => name);
      // A record reads best; a name that repeats (an exploded array) needs the list of pairs.
      const init =
        new Set(names).size === names.length
          ? f.createObjectLiteralExpression(
              body.pairs.map(([name, value]) => f.createPropertyAssignment(propertyName(name), text(value))),
              body.pairs.length > 0,
            )
          : f.createArrayLiteralExpression(
              body.pairs.map(([name, value]) => f.createArrayLiteralExpression([text(name), text(value)])),
              true,
            );
      return [constant('body', f.createNewExpression(f.createIdentifier('URLSearchParams'), undefined, [init]))];
    }
    case 'multipart':
      return [
        constant('body', f.createNewExpression(f.createIdentifier('FormData'), undefined, [])),
        ...body.parts.map(append),
      ];
    case 'text':
      return [constant('body', text(body.text))];
    case 'file':
      return [constant('body', blob(FILE_CONTENTS, undefined))];
  }
}

/** `body.append(name, …)`: a string for a text part, a Blob for a typed or file part (a file part with the file's name). */
function append(part: PartPlan): TypeScript.Statement {
  const { f } = load();
  const args: TypeScript.Expression[] = [f.createStringLiteral(part.name, true)];
  if (part.text === undefined)
    args.push(blob(FILE_CONTENTS, part.contentType), f.createStringLiteral(SAMPLE_FILE, true));
  else if (part.contentType) args.push(blob(part.text, part.contentType));
  else args.push(f.createStringLiteral(part.text, true));
  return f.createExpressionStatement(
    f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier('body'), 'append'), undefined, args),
  );
}

function blob(contents: string, type: string | undefined): TypeScript.Expression {
  const { f } = load();
  const args: TypeScript.Expression[] = [f.createArrayLiteralExpression([f.createStringLiteral(contents, true)])];
  if (type)
    args.push(f.createObjectLiteralExpression([f.createPropertyAssignment('type', f.createStringLiteral(type, true))]));
  return f.createNewExpression(f.createIdentifier('Blob'), undefined, args);
}
