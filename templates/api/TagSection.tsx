import type { ReactElement } from 'react';
import { OperationStub } from './LazyStubs.js';
import type { TagSectionModel } from './model.js';
import { Operation } from './Operation.js';

export function TagSection({
  section,
  lazy,
}: {
  section: TagSectionModel;
  lazy?: ReadonlyMap<string, string> | undefined;
}): ReactElement {
  return (
    <section className="api-tag">
      <h2 id={section.anchor}>{section.name}</h2>
      {section.description ? <div className="markdown">{section.description}</div> : null}
      {section.operations.map((op) => {
        const part = lazy?.get(op.id);
        return part ? <OperationStub key={op.id} op={op} href={part} /> : <Operation key={op.id} op={op} />;
      })}
    </section>
  );
}
