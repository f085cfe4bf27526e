import { loadConfig } from '../config/load.js';
import { discoverApis } from '../contracts/discover.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { RuleSeverities } from '../diagnostics/severity.js';
import type { Project } from '../sources/project-path.js';

/** One of the two files to compare, with its version name when the folder's file name gives one. */
export type VersionFile = { file: string; version: string | undefined } | undefined;

/**
 * A configured API's two newest versions, as `specsite diff SERVICE` compares them, with the rules the
 * config chose and the folder the contracts' `$ref`s may read in; or the located reason there are not two.
 */
export async function serviceFiles(
  service: string,
  configPath: string,
  rules: RuleSeverities | undefined,
  root?: string,
): Promise<{
  old: VersionFile;
  new: VersionFile;
  rules: RuleSeverities;
  diagnostics: Diagnostic[];
  project?: Project;
}> {
  const loaded = await loadConfig(configPath, rules, root);
  if (!loaded.ok) return { old: undefined, new: undefined, rules: {}, diagnostics: loaded.diagnostics };
  const { config, source } = loaded;
  const configured = config.apis.find((a) => a.id === service);
  const at = { file: source.display, ...source.locate(['apis']), severity: 'error' as const, rule: 'diff-service' };
  if (!configured) {
    const known = config.apis.map((a) => a.id).join(', ') || 'none';
    return {
      old: undefined,
      new: undefined,
      rules: config.rules,
      diagnostics: [{ ...at, message: `no API "${service}" in the config; the configured APIs are ${known}` }],
    };
  }
  const discovered = await discoverApis({ ...config, apis: [configured] }, source);
  const files = discovered.apis[0]?.files ?? [];
  if (discovered.diagnostics.length === 0 && files.length < 2) {
    return {
      old: undefined,
      new: undefined,
      rules: config.rules,
      diagnostics: [
        {
          ...at,
          ...source.locate(['apis', configured.index]),
          message: `API "${service}" has ${files.length === 1 ? 'one version' : 'no version'} in ${configured.specAsWritten}; a diff needs two (drop the new version's file next to the old one)`,
        },
      ],
    };
  }
  const [newest, previous] = files;
  const pick = (v: typeof newest): VersionFile => v && { file: v.file, version: v.version };
  return {
    old: pick(previous),
    new: pick(newest),
    rules: config.rules,
    diagnostics: discovered.diagnostics,
    project: config.project,
  };
}
