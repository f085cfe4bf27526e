import { countChanges, groupTitle, type ApiChange, type ChangeGroup, type DiffReport } from '../../diff/change.js';
import { verdict } from '../../diff/format.js';
import { majorRaised } from '../../diff/history.js';
import { changelogAnchor } from '../../diff/lifetimes.js';
import { operationKey } from '../../contracts/walk.js';
import type {
  ChangelogEntryModel,
  ChangelogGroupModel,
  ChangelogModel,
} from '../../../templates/api/changelog-model.js';

/** Where each operation (by `METHOD /path`) and named schema of one version is rendered. */
export interface VersionAnchors {
  version: string;
  href: string;
  operations: Map<string, string>;
  schemas: Map<string, string>;
}

/**
 * The changelog of one API: `history[i]` compares `versions[i]` with `versions[i + 1]`, newest
 * first; the oldest version closes the list with what it holds.
 */
export function changelogModel(input: {
  apiId: string;
  title: string;
  primaryColor: string;
  versions: readonly VersionAnchors[];
  history: readonly DiffReport[];
}): ChangelogModel {
  const entries: ChangelogEntryModel[] = input.history.map((report, i) => {
    const newer = input.versions[i] as VersionAnchors;
    const older = input.versions[i + 1] as VersionAnchors;
    return {
      version: newer.version,
      anchor: versionAnchor(newer.version),
      href: newer.href,
      previous: { version: older.version, href: older.href },
      majorRaised: majorRaised(older.version, newer.version),
      counts: countChanges(report.changes),
      breaking: groups(
        report.changes.filter((c) => c.breaking),
        newer,
        older,
      ),
      other: groups(
        report.changes.filter((c) => !c.breaking),
        newer,
        older,
      ),
      first: undefined,
    };
  });
  const oldest = input.versions[input.versions.length - 1];
  if (oldest) {
    entries.push({
      version: oldest.version,
      anchor: versionAnchor(oldest.version),
      href: oldest.href,
      previous: undefined,
      majorRaised: false,
      counts: { breaking: 0, acknowledged: 0, nonBreaking: 0 },
      breaking: [],
      other: [],
      first: { operations: oldest.operations.size, schemas: oldest.schemas.size },
    });
  }
  return {
    kind: 'changelog',
    heading: `Changelog · ${input.title}`,
    apiId: input.apiId,
    primaryColor: input.primaryColor,
    referenceHref: input.versions[0]?.href ?? '',
    entries,
  };
}

export function versionAnchor(version: string): string {
  return changelogAnchor(version);
}

/** Changes in report order (already by operation, then schema), one group per operation or schema. */
function groups(changes: readonly ApiChange[], newer: VersionAnchors, older: VersionAnchors): ChangelogGroupModel[] {
  const out = new Map<string, ChangelogGroupModel>();
  for (const change of changes) {
    const title = groupTitle(change.group);
    let group = out.get(title);
    if (!group) {
      group = {
        title,
        href: groupHref(
          change.group,
          change.kind === 'operation-removed' || change.kind === 'schema-removed' ? older : newer,
        ),
        changes: [],
      };
      out.set(title, group);
    }
    group.changes.push({
      verdict: verdict(change),
      kind: change.kind,
      subject: change.subject,
      message: change.message,
      reason: change.reason,
    });
  }
  return [...out.values()];
}

/** A removed operation or schema links to the last version that had it. */
function groupHref(group: ChangeGroup, version: VersionAnchors): string | undefined {
  return group.kind === 'operation'
    ? version.operations.get(operationKey(group.method, group.path))
    : version.schemas.get(group.name);
}
