import type { ReactElement } from 'react';
import type { MediaModel } from './model.js';
import { SchemaTree } from './SchemaTree.js';
import type { TreeBudget } from './schema-tree-plan.js';

/** A body per media type and its schema tree (the examples are beside it, in the operation's aside). */
export function MediaList({ contents, budget }: { contents: MediaModel[]; budget: TreeBudget }): ReactElement | null {
  if (contents.length === 0) return null;
  return (
    <>
      {contents.map((media) => (
        <div key={media.mediaType} className="api-media">
          <p className="api-media-type">
            <code>{media.mediaType}</code>
            {media.stream ? (
              <span className="badge badge-stream">stream: the body arrives as a sequence of events</span>
            ) : null}
          </p>
          {media.schema ? <SchemaTree schema={media.schema} budget={budget} /> : null}
        </div>
      ))}
    </>
  );
}
