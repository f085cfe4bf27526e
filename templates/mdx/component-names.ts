/**
 * The components MDX pages may use, by name: what the content checks allow. The build reads this
 * list without loading the components themselves (React and the templates), which only rendering needs.
 */
export const MDX_COMPONENT_NAMES = [
  'ButtonLink',
  'Card',
  'CardGrid',
  'EnumValues',
  'Hero',
  'Operation',
  'Schema',
  'Section',
] as const;
export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];

/**
 * The page-tree element a highlighted code block becomes (`rehypeCode`), drawn by `HighlightedCode`.
 * No page can write it: `#` starts no JSX or HTML tag name.
 */
export const HIGHLIGHTED_CODE_TAG = '#highlighted-code';
