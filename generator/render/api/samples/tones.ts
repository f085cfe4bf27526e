/**
 * The token colours of the docs' themes (github-light, github-dark) as classes: a sample's token
 * then carries a short class, not both colours inline, which on a reference page of many operations
 * and five languages is most of its weight. `templates/styles/api-aside.css` holds the same pairs
 * (a test keeps them equal); a pair not listed here is written inline.
 */
export const TONES: Readonly<Record<string, string>> = {
  '#032f62 #9ecbff': 'tk-s',
  '#6f42c1 #b392f0': 'tk-e',
  '#d73a49 #f97583': 'tk-k',
  '#005cc5 #79b8ff': 'tk-c',
  '#e36209 #ffab70': 'tk-v',
  '#6a737d #6a737d': 'tk-m',
  '#22863a #85e89d': 'tk-t',
  '#b31d28 #fdaeb7': 'tk-i',
};

/** The block's own colours in those themes, also in the stylesheet: a block in them carries no style of its own. */
export const BLOCK_COLORS = { fg: '#24292e', fgDark: '#e1e4e8', bg: '#fff', bgDark: '#24292e' } as const;
