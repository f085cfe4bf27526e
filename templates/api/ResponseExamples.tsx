import type { ReactElement } from 'react';
import { Code } from './CodeSamples.js';
import type { ExampleModel, MediaModel, ResponseModel } from './model.js';
import { Tabs, type TabModel } from './Tabs.js';

interface ExampleGroup {
  /** The tab: a status code, or the request body's media type. */
  label: string;
  contents: MediaModel[];
}

/**
 * The examples of a request body or of the responses: a tab per group (status code), and inside it a
 * tab per media type and example when there is more than one.
 */
export function ResponseExamples({
  id,
  heading,
  groups,
}: {
  id: string;
  heading: string;
  groups: ExampleGroup[];
}): ReactElement | null {
  const tabs = groups.flatMap((group, index): TabModel[] => {
    const shown = group.contents.flatMap((media) => media.examples.map((example) => ({ media, example })));
    if (shown.length === 0) return [];
    const inner = `${id}-${index}`;
    const content =
      shown.length === 1 && shown[0] ? (
        <Example {...shown[0]} />
      ) : (
        <Tabs
          id={inner}
          label={`${group.label} examples`}
          className="tabs-inner"
          tabs={shown.map(({ media, example }) => ({
            key: `${media.mediaType} ${example.name}`,
            label: example.name === 'Example' ? media.mediaType : `${media.mediaType}: ${example.name}`,
            content: <Example media={media} example={example} />,
          }))}
        />
      );
    return [{ key: group.label, label: group.label, content }];
  });
  if (tabs.length === 0) return null;
  return (
    <div className="api-block api-examples">
      <h4>{heading}</h4>
      <Tabs id={id} label={heading} tabs={tabs} />
    </div>
  );
}

function Example({ media, example }: { media: MediaModel; example: ExampleModel }): ReactElement {
  return (
    <div className="code-block api-example">
      <div className="code-block-title">
        <code>{media.mediaType}</code>
        {example.name === 'Example' ? '' : `: ${example.name}`}
        {example.summary ? ` (${example.summary})` : ''}
        {example.generated ? <span className="api-example-generated">generated</span> : null}
      </div>
      <Code code={example.value} />
      <button type="button" className="copy-button" aria-label="Copy the example" title="Copy">
        Copy
      </button>
    </div>
  );
}

export function responseGroups(responses: ResponseModel[]): ExampleGroup[] {
  return responses.map((response) => ({ label: response.status, contents: response.contents }));
}
