import type { ReactElement } from 'react';
import { CodeList } from './CodeList.js';
import type { SchemaNodeModel } from './model.js';

/** A schema's allowed, fixed, default and example values: the same lines in a model and in a tree shown in place. */
export function SchemaValues({ node }: { node: SchemaNodeModel }): ReactElement {
  return (
    <>
      {node.enumValues.length > 0 ? (
        <p className="schema-enum">
          Values: <CodeList values={node.enumValues} separator=" " more={node.enumMore} />
        </p>
      ) : null}
      {node.constValue !== undefined ? (
        <p className="schema-value">
          Always <code>{node.constValue}</code>
        </p>
      ) : null}
      {node.defaultValue !== undefined ? (
        <p className="schema-value">
          Default <code>{node.defaultValue}</code>
        </p>
      ) : null}
      {node.example !== undefined ? (
        <p className="schema-value">
          Example <code>{node.example}</code>
        </p>
      ) : null}
    </>
  );
}
