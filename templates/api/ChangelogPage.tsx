import type { CSSProperties, ReactElement } from 'react';
import { MAIN_ID } from '../site-ids.js';
import type { PageMenuModel } from '../model.js';
import { PageMenu } from '../PageMenu.js';
import type { ChangelogEntryModel, ChangelogGroupModel, ChangelogModel, InlineModel } from './changelog-model.js';

const VERDICT_LABEL = {
  breaking: 'Breaking',
  acknowledged: 'Breaking, acknowledged',
  'non-breaking': 'Non-breaking',
} as const;

/** An API's changelog: one section per version, what changed against the version before it, breaking changes first. */
export function ChangelogPage({
  changelog,
  menu,
}: {
  changelog: ChangelogModel;
  menu?: PageMenuModel | undefined;
}): ReactElement {
  const style = { '--api-primary': changelog.primaryColor } as CSSProperties;
  return (
    <div className="api-layout" style={style}>
      <aside className="api-sidebar-container">
        <nav className="api-nav" aria-label="Versions">
          <ul className="sidebar-list">
            <li className="sidebar-item">
              <a className="sidebar-link" href={changelog.referenceHref}>
                Reference
              </a>
            </li>
            {changelog.entries.map((entry) => (
              <li key={entry.anchor} className="sidebar-item">
                <a className="sidebar-link" href={`#${entry.anchor}`}>
                  {entry.version}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main id={MAIN_ID} className="api-main api-changelog">
        <header className="api-header">
          <div className="page-menu-row">
            <h1>{changelog.heading}</h1>
            <PageMenu menu={menu} />
          </div>
          {/* Left as written here and below: the formatter would merge or split the runs of text beside the elements, and React marks each boundary between two runs with a comment in the HTML. */}
          {/* prettier-ignore */}
          <p>
            What changed in each version against the one before it, judged from the integrator's side: a breaking change can make code that worked with the earlier version fail. The{' '}
            <a href={changelog.referenceHref}>reference</a> shows the newest version.
          </p>
        </header>
        {changelog.entries.map((entry) => (
          <Entry key={entry.anchor} entry={entry} />
        ))}
      </main>
    </div>
  );
}

function Entry({ entry }: { entry: ChangelogEntryModel }): ReactElement {
  const { breaking, acknowledged, nonBreaking } = entry.counts;
  return (
    <section className="changelog-version" aria-labelledby={entry.anchor}>
      <h2 id={entry.anchor}>
        <a href={entry.href}>{entry.version}</a>
      </h2>
      {entry.previous ? (
        // prettier-ignore
        <p className="changelog-summary">
          Against <a href={entry.previous.href}>{entry.previous.version}</a>: {count(breaking, 'breaking change')}
          {acknowledged > 0 ? `, ${count(acknowledged, 'acknowledged breaking change')}` : ''}, {count(nonBreaking, 'other change')}.
          {entry.majorRaised && breaking + acknowledged > 0 ? ' The major version went up, so breaking changes are expected.' : ''}
        </p>
      ) : (
        // prettier-ignore
        <p className="changelog-summary">
          The first version published here, with {count(entry.first?.operations ?? 0, 'operation')} and {count(entry.first?.schemas ?? 0, 'named schema')}.
        </p>
      )}
      {entry.breaking.length > 0 ? <Groups heading="Breaking changes" groups={entry.breaking} /> : null}
      {entry.other.length > 0 ? <Groups heading="Other changes" groups={entry.other} /> : null}
      {entry.previous && entry.breaking.length + entry.other.length === 0 ? (
        <p>No change an integrator would notice.</p>
      ) : null}
    </section>
  );
}

function Groups({ heading, groups }: { heading: string; groups: ChangelogGroupModel[] }): ReactElement {
  return (
    <>
      <h3>{heading}</h3>
      <dl className="changelog-groups">
        {groups.map((group) => (
          <div key={group.title} className="changelog-group">
            <dt>
              {group.href ? (
                <a href={group.href}>
                  <code>{group.title}</code>
                </a>
              ) : (
                <code>{group.title}</code>
              )}
            </dt>
            <dd>
              <ul>
                {group.changes.map((change, i) => (
                  <li key={i} className={`changelog-change changelog-${change.verdict}`} data-kind={change.kind}>
                    <span className="changelog-verdict">{VERDICT_LABEL[change.verdict]}</span>{' '}
                    <Inline parts={change.subject} />: <Inline parts={change.message} />
                    {change.reason ? <span className="changelog-reason"> ({change.reason})</span> : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function Inline({ parts }: { parts: InlineModel }): ReactElement {
  return (
    <>{parts.map((part, i) => (part.code ? <code key={i}>{part.text}</code> : <span key={i}>{part.text}</span>))}</>
  );
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
