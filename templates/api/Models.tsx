import type { ReactElement } from 'react';
import { HistoryMarks } from './HistoryMarks.js';
import { ModelStub } from './LazyStubs.js';
import type { SchemaSectionModel } from './model.js';
import { SchemaView } from './SchemaView.js';

/** The class of the models index's filter box, which `templates/client/models-filter.ts` brings to life. */
export const MODELS_FILTER_CLASS = 'api-models-filter';

/**
 * Every named schema, each at its own anchor, which every reference to it links to. On a split
 * API's models index (`index`), a filter box above them: hidden until the client shows it, so a
 * reader without JavaScript gets the whole list and no box that does nothing. A model past a long
 * page's fold is a stub (`lazy`) until the client moves its body in.
 */
export function Models({
  models,
  index = false,
  lazy,
}: {
  models: SchemaSectionModel[];
  index?: boolean;
  lazy?: ReadonlyMap<string, string> | undefined;
}): ReactElement {
  return (
    <section className="api-models">
      <h2 id="models">Models</h2>
      {index ? (
        <input
          type="search"
          className={MODELS_FILTER_CLASS}
          placeholder="Filter models by name"
          aria-label="Filter models by name"
          autoComplete="off"
          hidden
        />
      ) : null}
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

/**
 * One named schema's section: on its models page, or alone in its fragment. Its description opens
 * the schema's view, so the one-line summary the index's stubs show is not repeated here.
 */
export function ModelSection({ model }: { model: SchemaSectionModel }): ReactElement {
  return (
    <section id={model.anchor} className="api-model" data-model-name={model.name}>
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
