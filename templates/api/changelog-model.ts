/**
 * The data of an API's changelog page: each version against the one before it, newest first,
 * breaking changes first. Built on the server from the change reports of `specsite diff`.
 */

/** Text with `code` spans already split out (names and values from the contract). */
export type InlineModel = Array<{ code: boolean; text: string }>;

export interface ChangelogChangeModel {
  verdict: 'breaking' | 'acknowledged' | 'non-breaking';
  /** The change's kind, as `specsite diff` names it (`parameter-added`…). */
  kind: string;
  subject: InlineModel;
  message: InlineModel;
  /** Why it breaks integrators, when it does. */
  reason: string | undefined;
}

/** The changes of one operation or schema, linked to its place in the reference. */
export interface ChangelogGroupModel {
  title: string;
  href: string | undefined;
  changes: ChangelogChangeModel[];
}

export interface ChangelogEntryModel {
  version: string;
  /** The anchor of the entry on the changelog page. */
  anchor: string;
  /** The reference page of this version. */
  href: string;
  previous: { version: string; href: string } | undefined;
  /** The major number went up: breaking changes are expected. */
  majorRaised: boolean;
  counts: { breaking: number; acknowledged: number; nonBreaking: number };
  breaking: ChangelogGroupModel[];
  other: ChangelogGroupModel[];
  /** For the oldest version, which has nothing before it: what it holds. */
  first: { operations: number; schemas: number } | undefined;
}

export interface ChangelogModel {
  kind: 'changelog';
  heading: string;
  apiId: string;
  primaryColor: string;
  /** The newest version's reference. */
  referenceHref: string;
  entries: ChangelogEntryModel[];
}
