import type { PlacedSection } from './layout.js';

/**
 * The sections the reference names itself, where a reader sees them beside the tags: the sidebar's
 * Overview and Models, and on a one-page reference the overview's own headings.
 */
export function ownSectionNames(shown: {
  split: boolean;
  models: boolean;
  servers: boolean;
  authentication: boolean;
  roles: boolean;
}): string[] {
  const onePage = !shown.split;
  return [
    'Overview',
    ...(shown.models ? ['Models'] : []),
    ...(onePage && shown.servers ? ['Servers'] : []),
    ...(onePage && shown.authentication ? ['Authentication'] : []),
    ...(onePage && shown.roles ? ['Roles'] : []),
  ];
}

/**
 * Every section with a label no other entry has (letter case aside), so a tag named "Models" is not
 * a second "Models" in the sidebar. The reference's own names and groups keep theirs; a tag, then a
 * path group, that would repeat one reads "Models operations" (then "Models operations (2)"…).
 */
export function distinctLabels(sections: readonly PlacedSection[], own: readonly string[]): PlacedSection[] {
  const key = (label: string): string => label.trim().toLowerCase();
  const taken = new Set(own.map(key));
  const labels = new Map<PlacedSection, string>();
  const claim = (placed: PlacedSection, label: string): void => {
    taken.add(key(label));
    labels.set(placed, label);
  };
  // The reference's own groups first, then the document's tags, then groups named after paths.
  const order: ReadonlyArray<PlacedSection['group']['kind']> = ['untagged', 'webhooks', 'tag', 'path'];
  for (const kind of order) {
    for (const placed of sections.filter((s) => s.group.kind === kind)) {
      const name = placed.section.name;
      if (!taken.has(key(name)) || kind === 'untagged' || kind === 'webhooks') {
        claim(placed, name);
        continue;
      }
      let label = `${name} operations`;
      for (let n = 2; taken.has(key(label)); n++) label = `${name} operations (${n})`;
      claim(placed, label);
    }
  }
  return sections.map((placed) => {
    const label = labels.get(placed) ?? placed.section.name;
    return label === placed.section.name ? placed : { ...placed, section: { ...placed.section, name: label } };
  });
}
