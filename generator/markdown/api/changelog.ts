import type {
  ChangelogEntryModel,
  ChangelogGroupModel,
  ChangelogModel,
  InlineModel,
} from '../../../templates/api/changelog-model.js';
import type { TwinContext } from '../context.js';
import { code, heading, list, paragraph, strong, text, type Flow, type Phrasing } from '../nodes.js';

const VERDICT_LABEL = {
  breaking: 'Breaking',
  acknowledged: 'Breaking, acknowledged',
  'non-breaking': 'Non-breaking',
} as const;

/** An API's changelog: each version against the one before it, breaking changes first, as its page shows it. */
export function changelogBlocks(changelog: ChangelogModel, ctx: TwinContext): Flow[] {
  return [
    paragraph(
      text(
        "What changed in each version against the one before it, judged from the integrator's side: a breaking change can make code that worked with the earlier version fail. The ",
      ),
      ...ctx.link(changelog.referenceHref, [text('reference')]),
      text(' shows the newest version.'),
    ),
    ...changelog.entries.flatMap((entry) => entryBlocks(entry, ctx)),
  ];
}

function entryBlocks(entry: ChangelogEntryModel, ctx: TwinContext): Flow[] {
  const { breaking, acknowledged, nonBreaking } = entry.counts;
  const out: Flow[] = [heading(2, ...ctx.link(entry.href, [text(entry.version)]))];
  if (entry.previous) {
    const expected =
      entry.majorRaised && breaking + acknowledged > 0
        ? ' The major version went up, so breaking changes are expected.'
        : '';
    out.push(
      paragraph(
        text('Against '),
        ...ctx.link(entry.previous.href, [text(entry.previous.version)]),
        text(
          `: ${count(breaking, 'breaking change')}${acknowledged > 0 ? `, ${count(acknowledged, 'acknowledged breaking change')}` : ''}, ${count(nonBreaking, 'other change')}.${expected}`,
        ),
      ),
    );
  } else {
    out.push(
      paragraph(
        text(
          `The first version published here, with ${count(entry.first?.operations ?? 0, 'operation')} and ${count(entry.first?.schemas ?? 0, 'named schema')}.`,
        ),
      ),
    );
  }
  if (entry.breaking.length > 0) out.push(heading(3, text('Breaking changes')), groupsList(entry.breaking, ctx));
  if (entry.other.length > 0) out.push(heading(3, text('Other changes')), groupsList(entry.other, ctx));
  if (entry.previous && entry.breaking.length + entry.other.length === 0)
    out.push(paragraph(text('No change an integrator would notice.')));
  return out;
}

function groupsList(groups: readonly ChangelogGroupModel[], ctx: TwinContext): Flow {
  return list(
    groups.map((group) => [
      paragraph(...(group.href ? ctx.link(group.href, [code(group.title)]) : [code(group.title)])),
      list(
        group.changes.map((change) => [
          strong(text(VERDICT_LABEL[change.verdict])),
          text(' '),
          ...inline(change.subject),
          text(': '),
          ...inline(change.message),
          ...(change.reason ? [text(` (${change.reason})`)] : []),
        ]),
      ),
    ]),
  );
}

function inline(parts: InlineModel): Phrasing[] {
  return parts.map((part) => (part.code ? code(part.text) : text(part.text)));
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
