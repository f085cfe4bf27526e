import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { seal, unseal } from '../generator/cache/sealed-entry.js';
import type { CacheKind } from '../generator/cache/shapes.js';

// What the cache tests need to read and write entries as specsite does: `<kind>/<xx>/<key>`, V8's
// serialization signed with a key (this machine's, or another's for a forged cache).

export interface CacheEntry {
  kind: CacheKind;
  key: string;
  path: string;
}

/** Every entry file under a cache folder. */
export async function cacheEntries(cacheDir: string): Promise<CacheEntry[]> {
  const out: CacheEntry[] = [];
  for (const entry of await readdir(cacheDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const parts = relative(cacheDir, path).split(sep);
    if (parts.length !== 3) continue;
    out.push({ kind: parts[0] as CacheKind, key: basename(path), path });
  }
  return out;
}

/** An entry's value, signed with `secret`; throws when the signature is not that key's. */
export async function readEntry(entry: CacheEntry, secret: Buffer): Promise<unknown> {
  const payload = unseal(secret, entry.kind, entry.key, await readFile(entry.path));
  if (!payload) throw new Error(`${entry.path} is not signed with this key`);
  return deserialize(payload);
}

/** Writes `value` as the entry, signed with `secret`. */
export async function writeEntry(entry: CacheEntry, secret: Buffer, value: unknown): Promise<void> {
  await writeFile(entry.path, seal(secret, entry.kind, entry.key, serialize(value)));
}
