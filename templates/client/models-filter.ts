import { MODELS_FILTER_CLASS } from '../api/Models.js';

/** The filter box `Models` writes on a split API's models index, and the sections it filters. */
const BOX = `main.api-main section.api-models > input.${MODELS_FILTER_CLASS}`;
const MODEL = ':scope > section.api-model[data-model-name]';

/**
 * Filters the models index by name as the reader types: a model whose name does not contain the
 * text (in any case) is hidden. One listener on the document, so the box of a page reached by
 * client navigation works too.
 */
export function installModelsFilter(): void {
  document.addEventListener('input', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.matches(BOX)) return;
    const wanted = box.value.trim().toLowerCase();
    const list = box.parentElement;
    if (!list) return;
    for (const model of list.querySelectorAll<HTMLElement>(MODEL)) {
      const name = (model.dataset.modelName ?? '').toLowerCase();
      model.hidden = wanted !== '' && !name.includes(wanted);
    }
  });
}

/** Shows the page's filter box: without script it stays hidden, and the whole list reads. */
export function showModelsFilter(): void {
  for (const box of document.querySelectorAll<HTMLInputElement>(BOX)) box.hidden = false;
}
