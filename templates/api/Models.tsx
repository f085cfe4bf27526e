import type { ReactElement } from 'react';
import { HistoryMarks } from './HistoryMarks.js';
import { ModelStub } from './LazyStubs.js';
import type { SchemaSectionModel } from './model.js';
import { SchemaView } from './SchemaView.js';

/** Every named schema, each at its own anchor, which every reference to it links to. */
export function Models({
  models,
  lazy,
}: {
  models: SchemaSectionModel[];
  lazy?: ReadonlyMap<string, string> | undefined;
}): ReactElement {
  return (
    <section className="api-models">
      <h2 id="models">Models</h2>
      {models.map((model) => {
        const part = lazy?.get(model.anchor);
        return part ? (
          <ModelStub key={model.anchor} model={model} href={part} />
        ) : (
          <ModelSection key={model.anchor} model={model} />
        );
      })}
    </section>
  );
}

/** One named schema's section: on its models page, or alone in its fragment. */
export function ModelSection({ model }: { model: SchemaSectionModel }): ReactElement {
  return (
    <section id={model.anchor} className="api-model">
      <h3>
        <a className="hash-link" href={`#${model.anchor}`} aria-label={`Link to ${model.name}`}>
          #
        </a>
        {model.name}
      </h3>
      {model.history ? (
        <p className="api-model-history">
          <HistoryMarks marks={model.history} />
        </p>
      ) : null}
      <SchemaView schema={model.schema} />
    </section>
  );
}
