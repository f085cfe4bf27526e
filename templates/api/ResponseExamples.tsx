import type { ReactElement } from 'react';
import { Code } from './CodeSamples.js';
import type { ExampleModel, MediaModel, ResponseModel } from './model.js';
import { Tabs } from './Tabs.js';

interface ExampleGroup {
  /** The tab: a status code; none for a request body, whose examples are the pane's only group. */
  label: string | undefined;
  contents: MediaModel[];
}

/**
 * The examples of a request body or of the responses. Tabs: the status code, then the media type
 * (only when a status has several), then the example (only when there are several). Each example is
 * named once: by its tab when it has one, else in its title; the media type is shown only when the
 * pane holds more than one.
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
  const shown = groups.map((group) => ({ ...group, contents: group.contents.filter((m) => m.examples.length > 0) }));
  const types = new Set(shown.flatMap((group) => group.contents.map((media) => media.mediaType)));
  const tabs = shown.flatMap((group, index) => {
    if (group.contents.length === 0) return [];
    const content = <GroupExamples id={`${id}-${index}`} group={group} typeInTitle={types.size > 1} />;
    return [{ key: group.label ?? '', label: group.label ?? '', content }];
  });
  const [only] = tabs;
  if (!only) return null;
  return (
    <div className="api-block api-examples">
      <h4>{heading}</h4>
      {tabs.length === 1 && shown[0]?.label === undefined ? only.content : <Tabs id={id} label={heading} tabs={tabs} />}
    </div>
  );
}

function GroupExamples({
  id,
  group,
  typeInTitle,
}: {
  id: string;
  group: ExampleGroup;
  typeInTitle: boolean;
}): ReactElement {
  const [first] = group.contents;
  if (group.contents.length === 1 && first) return <MediaExamples id={id} media={first} typeInTitle={typeInTitle} />;
  return (
    <Tabs
      id={id}
      label={`${group.label ?? 'Request'} media types`}
      className="tabs-inner"
      tabs={group.contents.map((media, index) => ({
        key: media.mediaType,
        label: media.mediaType,
        content: <MediaExamples id={`${id}-${index}`} media={media} typeInTitle={false} />,
      }))}
    />
  );
}

function MediaExamples({
  id,
  media,
  typeInTitle,
}: {
  id: string;
  media: MediaModel;
  typeInTitle: boolean;
}): ReactElement {
  const [first] = media.examples;
  if (media.examples.length === 1 && first)
    return <Example example={first} mediaType={typeInTitle ? media.mediaType : undefined} tabbed={false} />;
  return (
    <Tabs
      id={id}
      label={`${media.mediaType} examples`}
      className="tabs-inner"
      labelled
      tabs={media.examples.map((example) => ({
        key: example.name,
        label: example.label,
        content: <Example example={example} mediaType={typeInTitle ? media.mediaType : undefined} tabbed />,
      }))}
    />
  );
}

/**
 * One example. Under a tab its title is the tab's label (`tabs-panel-label`), which the client hides
 * once the tab shows it; the copy button then moves up into the tab row.
 */
function Example({
  example,
  mediaType,
  tabbed,
}: {
  example: ExampleModel;
  mediaType: string | undefined;
  tabbed: boolean;
}): ReactElement {
  return (
    <div className={tabbed ? 'code-block api-example api-example-tabbed' : 'code-block api-example'}>
      <div className={tabbed ? 'code-block-title tabs-panel-label' : 'code-block-title'}>
        {example.label}
        {mediaType !== undefined ? <code className="api-example-media">{mediaType}</code> : null}
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
