import type { ReactElement } from 'react';
import { shownDefault } from './inline-values.js';
import { DefaultValue, SchemaValues } from './SchemaValues.js';
import type { PropertyModel, SchemaModel } from './model.js';
import { bareType, hasChildren, planTree, type TreeBudget, type TreeNode } from './schema-tree-plan.js';

const KEYWORDS = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of' } as const;

/**
 * A schema where it is used: one row per property with its facts, named schemas opened in place (their
 * name linked to the model), and every nested level in a closed `<details>`, which opens without script.
 */
export function SchemaTree({ schema, budget }: { schema: SchemaModel; budget: TreeBudget }): ReactElement {
  const tree = planTree(schema, budget);
  return (
    <div className="schema-tree">
      <TypeLine tree={tree} />
      <Facts tree={tree} />
      <Children tree={tree} />
    </div>
  );
}

function TypeLine({ tree }: { tree: TreeNode }): ReactElement {
  const node = tree.node;
  return (
    <span className="schema-type">
      {tree.link ? (
        <a href={tree.link.href} className="schema-link">
          {tree.link.name}
        </a>
      ) : null}
      {tree.link?.circular ? <span className="badge badge-cycle">circular reference</span> : null}
      {node?.type ? (
        <code>{node.items && bareType(node.items) ? `${node.type}<${bareType(node.items)}>` : node.type}</code>
      ) : null}
      {node?.nullable ? <span className="badge badge-nullable">nullable</span> : null}
      {node?.readOnly ? <span className="badge">read-only</span> : null}
      {node?.writeOnly ? <span className="badge">write-only</span> : null}
      {node?.deprecated ? <span className="badge badge-deprecated">deprecated</span> : null}
      {node?.constraints.map((c) => (
        <span key={c} className="schema-constraint">
          {c}
        </span>
      ))}
      {node ? <DefaultValue value={shownDefault(node)} as="span" /> : null}
    </span>
  );
}

function Facts({ tree }: { tree: TreeNode }): ReactElement | null {
  const node = tree.node;
  const description = tree.refDescription ?? node?.description;
  if (!node) return description ? <div className="schema-description">{description}</div> : null;
  return (
    <>
      {description ? <div className="schema-description">{description}</div> : null}
      <SchemaValues node={node} withDefault={false} />
    </>
  );
}

/** What is inside a row: its properties, items, variants; or, when it stays closed, a link to its model. */
function Children({ tree }: { tree: TreeNode }): ReactElement | null {
  if (!tree.open) {
    const closed = !tree.link && tree.node && hasChildren(tree.node) ? tree.home : undefined;
    return closed ? (
      <a className="schema-more" href={closed.href}>
        {closed.name}
      </a>
    ) : null;
  }
  const keywords = [...new Set(tree.variants.map((v) => v.keyword))];
  const discriminator = tree.node?.discriminator;
  const home = tree.link && !tree.link.circular ? tree.link : tree.home;
  return (
    <>
      {tree.properties.length > 0 ? (
        <ul className="schema-rows">
          {tree.properties.map((p, i) => (
            <Row key={i} name={p.name} required={p.required} from={p.from} tree={p.tree} />
          ))}
        </ul>
      ) : null}
      {tree.more > 0 ? (
        <p className="schema-more">
          {home ? (
            <>
              {tree.more} more properties in <a href={home.href}>{home.name}</a>
            </>
          ) : (
            `${tree.more} more properties`
          )}
        </p>
      ) : null}
      {tree.items ? (
        <div className="schema-items">
          <span className="schema-keyword">items</span> <TypeLine tree={tree.items} />
          <Facts tree={tree.items} />
          <Children tree={tree.items} />
        </div>
      ) : null}
      {keywords.map((keyword) => (
        <div key={keyword} className="schema-variants">
          <span className="schema-keyword">{KEYWORDS[keyword]}</span>
          {discriminator ? (
            <span className="schema-discriminator">
              {' '}
              by <code>{discriminator.propertyName}</code>
            </span>
          ) : null}
          {tree.variants
            .filter((v) => v.keyword === keyword)
            .map((v, i) => (
              <details key={i} className="schema-variant">
                <summary>{v.label}</summary>
                <TypeLine tree={v.tree} />
                <Facts tree={v.tree} />
                <Children tree={v.tree} />
              </details>
            ))}
        </div>
      ))}
      {tree.not ? (
        <div className="schema-items">
          <span className="schema-keyword">Not</span> <TypeLine tree={tree.not} />
          <Children tree={tree.not} />
        </div>
      ) : null}
    </>
  );
}

function Row({
  name,
  required,
  from,
  tree,
}: {
  name: string;
  required: boolean;
  from: From;
  tree: TreeNode;
}): ReactElement {
  return (
    <li className="schema-row">
      {/* One line of name, type, required, constraints and default; the description below, full width. */}
      <div className="schema-row-head">
        <code className="schema-property-name">{name}</code> <TypeLine tree={tree} />
        {required ? <span className="required">required</span> : null}
        <FromNote from={from} />
      </div>
      <Facts tree={tree} />
      {tree.open ? (
        <details className="schema-nested">
          <summary>{summary(tree)}</summary>
          <Children tree={tree} />
        </details>
      ) : (
        <Children tree={tree} />
      )}
    </li>
  );
}

type From = PropertyModel['from'];

/** Where a property merged from an `allOf` part was defined: a muted note, not a box to open. */
export function FromNote({ from }: { from: From }): ReactElement | null {
  return from ? (
    <span className="schema-from">
      {' from '}
      <a href={from.href}>{from.name}</a>
    </span>
  ) : null;
}

/** The closed line of a nested level: what opening it shows. */
function summary(tree: TreeNode): string {
  const parts: string[] = [];
  const count = tree.properties.length + tree.more;
  if (count > 0) parts.push(count === 1 ? '1 property' : `${count} properties`);
  if (tree.items) parts.push(`items${tree.items.link ? `: ${tree.items.link.name}` : ''}`);
  for (const keyword of new Set(tree.variants.map((v) => v.keyword)))
    parts.push(`${KEYWORDS[keyword]} ${tree.variants.filter((v) => v.keyword === keyword).length}`);
  if (tree.not) parts.push('not');
  return parts.join(', ');
}
