/**
 * An example as shown on a parameter's or property's line: only a scalar (string, number, boolean,
 * null) whose preview is whole. An object or array as one minified line cut with "…" reads as broken;
 * those belong to the example pane, pretty-printed.
 */
export function inlineExample(preview: string | undefined): string | undefined {
  if (preview === undefined || /^[[{]/.test(preview) || preview.endsWith('…')) return undefined;
  return preview;
}

/** The default to show beside a name: none when the description already says it in words. */
export function shownDefault(node: { defaultValue: string | undefined; defaultStated?: boolean }): string | undefined {
  return node.defaultStated ? undefined : node.defaultValue;
}
