/**
 * The components MDX pages may use, by name: what the content checks allow. The build reads this
 * list without loading the components themselves (React and the templates), which only rendering needs.
 */
export const MDX_COMPONENT_NAMES = ['ButtonLink', 'Card', 'CardGrid', 'EnumValues', 'Hero', 'Operation', 'Schema', 'Section'] as const;
export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];
