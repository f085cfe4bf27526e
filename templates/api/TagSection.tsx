import type { ReactElement } from 'react';
import type { TagSectionModel } from './model.js';
import { Operation } from './Operation.js';

export function TagSection({ section }: { section: TagSectionModel }): ReactElement {
  return (
    <section className="api-tag">
      <h2 id={section.anchor}>{section.name}</h2>
      {section.description ? <div className="markdown">{section.description}</div> : null}
      {section.operations.map((op) => (
        <Operation key={op.id} op={op} />
      ))}
    </section>
  );
}
