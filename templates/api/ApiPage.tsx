import type { CSSProperties, ReactElement } from 'react';
import { MAIN_ID } from '../site-ids.js';
import type { PageMenuModel } from '../model.js';
import { PageMenu } from '../PageMenu.js';
import { ApiNav } from './ApiNav.js';
import { ApiSwitcher } from './ApiSwitcher.js';
import type { ApiReferenceModel } from './model.js';
import { Models } from './Models.js';
import { MovedAnchors } from './MovedAnchors.js';
import { Overview } from './Overview.js';
import { TagSection } from './TagSection.js';
import { VersionMenu } from './VersionMenu.js';

/** One page of an API reference: everything for a small API, or the overview, a tag or the models of a large one. */
export function ApiPage({ api, menu }: { api: ApiReferenceModel; menu?: PageMenuModel | undefined }): ReactElement {
  const style = { '--api-primary': api.primaryColor } as CSSProperties;
  return (
    <div className="api-layout" style={style}>
      <aside className="api-sidebar-container">
        <div className="api-sidebar">
          {api.links ? <ApiSwitcher services={api.links.services} /> : null}
          <ApiNav nav={api.nav} title={api.title} />
        </div>
      </aside>
      <main id={MAIN_ID} className="api-main">
        <header className="api-header">
          <div className="page-menu-row">
            <h1>{api.heading}</h1>
            <PageMenu menu={menu} />
          </div>
          <div className="api-header-meta">
            {/* The version once: as text when it is the only one, else as the menu that also offers the others. */}
            {api.versions.length > 1 ? (
              <VersionMenu api={api} />
            ) : (
              <>
                <span className="api-version">
                  Version <code>{api.version}</code>
                </span>
                <a className="api-changelog-link" href={api.changelogHref} data-changelog="">
                  Changelog
                </a>
              </>
            )}
            {api.links?.guideHref ? (
              <a className="api-guide-link" href={api.links.guideHref}>
                Read the guide
              </a>
            ) : null}
            <ul
              className="api-downloads"
              id={api.kind === 'full' || api.kind === 'overview' ? 'api-downloads' : undefined}
              aria-label="Download the OpenAPI document"
            >
              {api.downloads.map((d) => (
                <li key={d.href}>
                  <a href={d.href} download="">
                    {d.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </header>
        {api.kind === 'full' || api.kind === 'overview' ? <Overview api={api} /> : null}
        {api.sections.map((section) => (
          <TagSection key={section.anchor} section={section} lazy={api.lazy} />
        ))}
        {api.models.length > 0 ? <Models models={api.models} index={api.kind === 'models'} lazy={api.lazy} /> : null}
        {api.kind === 'tag' ? (
          <MovedAnchors
            moved={api.moved}
            heading="More operations"
            intro="The other operations of this tag are on the pages of its sub-resources; each is listed here and links to its section."
          />
        ) : null}
      </main>
    </div>
  );
}
