import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import semver from 'semver';
import type { ResolvedApi, ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Segment } from '../sources/pointer.js';
import {
  outsideProjectMessage,
  PATH_OUTSIDE_PROJECT,
  resolveInProject,
  type OutsideWhy,
} from '../sources/project-path.js';
import type { SourceFile } from '../sources/source-file.js';

export const CONTRACT_EXTENSIONS = ['.yaml', '.yml', '.json'];

export interface VersionFile {
  /** From the file name in a folder of versions; undefined for a single-file spec (its info.version names it). */
  version: string | undefined;
  file: string;
}

export interface DiscoveredApi {
  api: ResolvedApi;
  /** Newest first. */
  files: VersionFile[];
}

/**
 * Finds the contract files of every configured API. A folder holds one file per version, named by
 * the version (`3.1.0.yaml`, `3.2.0-beta.1.yaml`): dropping a file in is the whole release step.
 */
export async function discoverApis(
  config: ResolvedConfig,
  configSource: SourceFile,
): Promise<{ apis: DiscoveredApi[]; diagnostics: Diagnostic[] }> {
  const apis: DiscoveredApi[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const api of config.apis) {
    const where: Segment[] = [
      'apis',
      api.index,
      ...(configSource.data && hasSpecKey(configSource.data, api.index) ? ['spec'] : []),
    ];
    const problem = (message: string, rule = 'api-spec'): Diagnostic => ({
      file: configSource.display,
      ...configSource.locate(where),
      severity: 'error',
      rule,
      message,
    });
    const outside = (asWritten: string, why: OutsideWhy): Diagnostic =>
      problem(`API "${api.id}": ${outsideProjectMessage('spec', asWritten, why)}`, PATH_OUTSIDE_PROJECT);
    // The spec, and each file in its folder, must lie inside the project, symlinks followed: a config
    // from a pull request must not publish a file from elsewhere on the machine.
    const inside = await resolveInProject(config.project, api.spec);
    if (!inside.ok && inside.reason === 'outside') {
      diagnostics.push(outside(api.specAsWritten, inside.why));
      continue;
    }
    const info = await stat(api.spec).catch(() => undefined);
    if (!info) {
      diagnostics.push(
        problem(
          `API "${api.id}": spec "${api.specAsWritten}" does not exist; put its OpenAPI files in that folder or set \`spec\` to a file`,
        ),
      );
      continue;
    }
    if (info.isFile()) {
      apis.push({ api, files: [{ version: undefined, file: api.spec }] });
      continue;
    }
    const names = (await readdir(api.spec))
      .filter((name) => CONTRACT_EXTENSIONS.includes(extname(name).toLowerCase()))
      .sort();
    if (names.length === 0) {
      diagnostics.push(
        problem(
          `API "${api.id}": folder "${api.specAsWritten}" has no .yaml, .yml or .json file; add one named by its version, like 1.0.0.yaml`,
        ),
      );
      continue;
    }
    const files: VersionFile[] = [];
    const byVersion = new Map<string, string>();
    for (const name of names) {
      const version = basename(name, extname(name)).replace(/^v(?=\d)/, '');
      const file = join(api.spec, name);
      const entry = await resolveInProject(config.project, file);
      if (!entry.ok && entry.reason === 'outside') {
        diagnostics.push(outside(join(api.specAsWritten, name), entry.why));
        continue;
      }
      if (!semver.valid(version)) {
        diagnostics.push({
          file: file,
          line: 0,
          column: 0,
          severity: 'error',
          rule: 'api-version-name',
          message: `"${name}" is not named by a version; name each file of ${api.specAsWritten} by its semantic version, like 3.1.0.yaml or 3.2.0-beta.1.yaml`,
        });
        continue;
      }
      const clash = byVersion.get(version);
      if (clash) {
        diagnostics.push({
          file,
          line: 0,
          column: 0,
          severity: 'error',
          rule: 'api-version-name',
          message: `version ${version} of "${api.id}" is given twice (${clash} and ${name}); keep one`,
        });
        continue;
      }
      byVersion.set(version, name);
      files.push({ version, file });
    }
    files.sort((a, b) => semver.rcompare(a.version as string, b.version as string));
    if (files.length > 0) apis.push({ api, files });
  }
  return { apis, diagnostics };
}

function hasSpecKey(data: unknown, index: number): boolean {
  const apis = (data as { apis?: unknown }).apis;
  const entry = Array.isArray(apis) ? apis[index] : undefined;
  return typeof entry === 'object' && entry !== null && 'spec' in entry;
}
