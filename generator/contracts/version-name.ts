import { basename, extname } from 'node:path';
import semver from 'semver';
import type { Contract } from './validate.js';

/**
 * What a caller calls a version its contract does not name: a fixed word (the site's 'current', the
 * types package's '0.0.0'), or its file's name, which is what a diff's header needs to tell two
 * unnamed versions apart (an empty `info.version` counts as unnamed there only, as it always has).
 */
export type UnnamedVersion = { word: string } | 'file name';

/** A contract version's name: its file's name in a folder of versions, else its `info.version`, else `unnamed`. */
export function versionName(
  contract: Pick<Contract, 'document' | 'path'>,
  inFolder: string | undefined,
  unnamed: UnnamedVersion,
): string {
  if (inFolder !== undefined) return inFolder;
  const info = contract.document.info as { version?: unknown } | undefined;
  const written = typeof info?.version === 'string' ? info.version : undefined;
  if (unnamed !== 'file name') return written ?? unnamed.word;
  if (written !== undefined && written !== '') return written;
  // A file named like a version (`v1.2.0.yaml`) is that version; any other keeps its name.
  const name = basename(contract.path, extname(contract.path));
  return semver.valid(name.replace(/^v(?=\d)/, '')) ?? name;
}
