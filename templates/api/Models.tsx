import type { ReactElement } from 'react';
import { HistoryMarks } from './HistoryMarks.js';
import type { SchemaSectionModel } from './model.js';
import { SchemaView } from './SchemaView.js';

/** The class of the models index's filter box, which `templates/client/models-filter.ts` brings to life. */
export const MODELS_FILTER_CLASS = 'api-models-filter';

/**
 * Every named schema, each at its own anchor, which every reference to it links to. On a split
 * API's models index (`index`), a filter box above them: hidden until the client shows it, so a
 * reader without JavaScript gets the whole list and no box that does nothing.
 */
export function Models({ models, index = false }: { models: SchemaSectionModel[]; index?: boolean }): ReactElement {
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
      {models.map((model) => (
        <section key={model.anchor} id={model.anchor} className="api-model" data-model-name={model.name}>
          <h3>
            <a className="hash-link" href={`#${model.anchor}`} aria-label={`Link to ${model.name}`}>
              #
            </a>
            {model.name}
          </h3>
          {model.summary ? <p className="api-model-summary">{model.summary}</p> : null}
          {model.history ? (
            <p className="api-model-history">
              <HistoryMarks marks={model.history} />
            </p>
          ) : null}
          <SchemaView schema={model.schema} />
        </section>
      ))}
    </section>
  );
}
