/**
 * `text` percent-decoded by `decode` (`decodeURI` for a path, `decodeURIComponent` for one part),
 * or `text` as written when its escapes are malformed: a stray `%` in a link or `$ref` someone
 * wrote is looked up as typed and reported there, instead of throwing out of the build.
 */
export function safeDecode(text: string, decode: (encoded: string) => string): string {
  try {
    return decode(text);
  } catch {
    return text;
  }
}
