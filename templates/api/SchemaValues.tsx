import type { ReactElement } from 'react';
import { CodeList } from './CodeList.js';
import { inlineExample, shownDefault } from './inline-values.js';
import type { SchemaNodeModel } from './model.js';

/**
 * A schema's allowed, fixed, default and example values: the same lines in a model and in a tree
 * shown in place. A tree row writes its default on its name's line (`withDefault={false}` here).
 */
export function SchemaValues({
  node,
  withDefault = true,
}: {
  node: SchemaNodeModel;
  withDefault?: boolean;
}): ReactElement {
  const example = inlineExample(node.example);
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
      {withDefault ? <DefaultValue value={shownDefault(node)} as="p" /> : null}
      {example !== undefined ? (
        <p className="schema-value">
          Example <code>{example}</code>
        </p>
      ) : null}
    </>
  );
}

/** "Default `20`": a line of its own in a model, a fact on the name's line in a list. */
export function DefaultValue({ value, as }: { value: string | undefined; as: 'p' | 'span' }): ReactElement | null {
  if (value === undefined) return null;
  const Tag = as;
  return (
    <Tag className={as === 'p' ? 'schema-value' : 'schema-default'}>
      Default <code>{value}</code>
    </Tag>
  );
}
