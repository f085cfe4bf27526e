import type { ReactElement } from 'react';
import type { ApiReferenceModel } from './model.js';
import { MovedAnchors } from './MovedAnchors.js';
import { OverviewAuth } from './OverviewAuth.js';
import { OverviewServers } from './OverviewServers.js';
import { RolesTable } from './RolesTable.js';

/** What applies to the whole API: what it is for, where it answers, how to authenticate and who may call what. */
export function Overview({ api }: { api: ApiReferenceModel }): ReactElement {
  return (
    <section className="api-overview" id="api-overview" aria-label="Overview">
      <div className="markdown api-description">{api.description}</div>
      <OverviewServers servers={api.servers} />
      <OverviewAuth schemes={api.securitySchemes} />
      <RolesTable roles={api.roles} />
      {api.moved.length > 0 ? (
        // Folded: the sidebar already leads to every tag; the list is kept so old links to an
        // operation's anchor on this page still lead on (a browser opens the fold for the anchor).
        <details className="api-moved-fold">
          <summary>Every operation ({api.moved.length}), each linked to its page</summary>
          <MovedAnchors
            moved={api.moved}
            heading="Operations"
            intro="This API is large, so each tag has a page of its own. Every operation is listed here and links to its section."
          />
        </details>
      ) : null}
    </section>
  );
}
