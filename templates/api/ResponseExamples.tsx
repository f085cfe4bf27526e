import type { ReactElement } from 'react';
import type { MediaModel, ResponseModel } from './model.js';

/** The examples of a request body or of the responses, each labelled with its status and media type. */
export function ResponseExamples({
  heading,
  groups,
}: {
  heading: string;
  groups: Array<{ label: string; contents: MediaModel[] }>;
}): ReactElement | null {
  const shown = groups.flatMap((group) =>
    group.contents.flatMap((media) => media.examples.map((example) => ({ group, media, example }))),
  );
  if (shown.length === 0) return null;
  return (
    <div className="api-block api-examples">
      <h4>{heading}</h4>
      {shown.map(({ group, media, example }) => (
        <details key={`${group.label} ${media.mediaType} ${example.name}`} className="api-example">
          <summary>
            {group.label} <code>{media.mediaType}</code>
            {example.name === 'Example' ? '' : `: ${example.name}`}
            {example.summary ? ` (${example.summary})` : ''}
          </summary>
          <pre tabIndex={0}>
            <code>{example.value}</code>
          </pre>
        </details>
      ))}
    </div>
  );
}

export function responseGroups(responses: ResponseModel[]): Array<{ label: string; contents: MediaModel[] }> {
  return responses.map((response) => ({ label: response.status, contents: response.contents }));
}
