import type { ReactElement } from 'react';
import type { PropertyModel, SchemaModel, SchemaNodeModel } from './model.js';
import { SchemaValues } from './SchemaValues.js';
import { FromNote } from './SchemaTree.js';

const COMPOSITION_LABELS = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of' } as const;

/** A schema as a tree; a named schema is a link to its own section, so trees stay small and cycles end. */
export function SchemaView({ schema }: { schema: SchemaModel }): ReactElement {
  if (schema.kind === 'link') {
    return (
      <span className="schema-ref">
        <a href={schema.href} className="schema-link">
          {schema.name}
        </a>
        {schema.cycle ? <span className="badge badge-cycle">circular reference</span> : null}
        {schema.description}
      </span>
    );
  }
  return (
    <div className="schema">
      <SchemaFacts node={schema} />
      {schema.properties.length > 0 || schema.extraProperties.length > 0 ? (
        <PropertyList properties={[...schema.properties, ...schema.extraProperties]} />
      ) : null}
      {schema.items ? (
        <div className="schema-items">
          <span className="schema-keyword">items</span> <SchemaView schema={schema.items} />
        </div>
      ) : null}
      {schema.compositions.map((c) => (
        <div key={c.keyword} className="schema-composition">
          <span className="schema-keyword">{COMPOSITION_LABELS[c.keyword]}</span>
          <ul>
            {c.variants.map((v, i) => (
              <li key={i}>
                <SchemaView schema={v.schema} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {schema.not ? (
        <div className="schema-composition">
          <span className="schema-keyword">Not</span> <SchemaView schema={schema.not} />
        </div>
      ) : null}
      {schema.discriminator ? (
        <div className="schema-discriminator">
          <span className="schema-keyword">Discriminator</span> <code>{schema.discriminator.propertyName}</code>
          {schema.discriminator.mapping.length > 0 ? (
            <ul>
              {schema.discriminator.mapping.map((m) => (
                <li key={m.value}>
                  <code>{m.value}</code> → {m.href ? <a href={m.href}>{m.name}</a> : <code>{m.name}</code>}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {schema.truncated ? <p className="schema-truncated">{schema.truncated}</p> : null}
    </div>
  );
}

function SchemaFacts({ node }: { node: SchemaNodeModel }): ReactElement {
  return (
    <>
      <span className="schema-type">
        {node.type ? <code>{node.type}</code> : null}
        {node.nullable ? <span className="badge badge-nullable">nullable</span> : null}
        {node.readOnly ? <span className="badge">read-only</span> : null}
        {node.writeOnly ? <span className="badge">write-only</span> : null}
        {node.deprecated ? <span className="badge badge-deprecated">deprecated</span> : null}
        {node.constraints.map((c) => (
          <span key={c} className="schema-constraint">
            {c}
          </span>
        ))}
      </span>
      {node.title ? <span className="schema-title">{node.title}</span> : null}
      {node.description ? <div className="schema-description">{node.description}</div> : null}
      <SchemaValues node={node} />
    </>
  );
}

function PropertyList({ properties }: { properties: PropertyModel[] }): ReactElement {
  return (
    <ul className="schema-properties">
      {properties.map((p) => (
        <li key={p.name}>
          <code className="schema-property-name">{p.name}</code>
          {p.required ? <span className="required">required</span> : null}
          <FromNote from={p.from} /> <SchemaView schema={p.schema} />
        </li>
      ))}
    </ul>
  );
}
