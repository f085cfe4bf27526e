import { resolve } from 'node:path';
import type { z } from 'zod';
import { unknownRuleMessage, type RuleSeverities } from '../diagnostics/severity.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readSourceFile, type SourceFile } from '../sources/source-file.js';
import {
  issuePath,
  locatedAt,
  zodIssuesToDiagnostics,
  zodIssueToDiagnostics,
  type IssueRules,
} from '../sources/zod-issues.js';
import { announcementLinkProblems } from './announcement-links.js';
import { readFavicon } from './favicon.js';
import { readLogo } from './logo.js';
import { checkConfigFolders } from './project-paths.js';
import { openProject } from './project-root.js';
import { showPathsWithin } from '../sources/display-path.js';
import { getAtPointer, isRecord } from '../sources/pointer.js';
import { PATH_OUTSIDE_PROJECT } from '../sources/project-path.js';
import { resolveConfig, type ResolvedConfig } from './resolve.js';
import { configInvalid, configType, configUnknownKey, navbarItemType } from './rules.js';
import { CONFIG_RULE_IDS, siteConfigSchema } from './schema.js';

export type ConfigResult =
  | { ok: true; config: ResolvedConfig; source: SourceFile; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

export const DEFAULT_CONFIG_FILE = 'site-config.yaml';

/**
 * Reads, validates and resolves the site config. Every problem comes back located in the file.
 * `ruleOverrides` (the command line's `--rule`) win over the file's `rules`; `root` (`--root`)
 * widens the project from the config's folder to a folder above it.
 */
export async function loadConfig(
  configPath: string = DEFAULT_CONFIG_FILE,
  ruleOverrides: RuleSeverities = {},
  root?: string,
  /**
   * `report`: a config whose only problems are unknown keys is still loaded (without them), its
   * errors returned with it, so that the content's own problems are reported in the same run
   * (`build`, `validate`); `fail`: any problem stops here.
   */
  unknownKeys: 'fail' | 'report' = 'fail',
): Promise<ConfigResult> {
  const absolute = resolve(configPath);
  showPathsWithin(root === undefined ? undefined : resolve(root));
  const read = await readSourceFile(absolute, 'config-parse');
  if (!read.ok) {
    const diagnostics = read.diagnostics.map((d) =>
      d.line === 0 && d.message === 'file not found'
        ? {
            ...d,
            message: `config file not found; create it (the smallest config is a \`title:\` and an \`apis:\` list) or pass --config FILE`,
          }
        : d,
    );
    return { ok: false, diagnostics };
  }
  const source = read.file;
  // An empty file parses to null; treat it as an empty mapping so the user hears which keys are missing.
  let parsed = siteConfigSchema.safeParse(source.data ?? {});
  const unknown: Diagnostic[] = [];
  if (!parsed.success) {
    const diagnostics = zodIssuesToDiagnostics(parsed.error.issues, (issue) => issueToDiagnostics(source, issue));
    const issues = parsed.error.issues;
    if (unknownKeys === 'fail' || !issues.every((issue) => issue.code === 'unrecognized_keys'))
      return { ok: false, diagnostics };
    parsed = siteConfigSchema.safeParse(withoutKeys(source.data, issues));
    if (!parsed.success) return { ok: false, diagnostics };
    unknown.push(...diagnostics);
  }
  const opened = await openProject(absolute, root);
  if (!opened.ok)
    return {
      ok: false,
      diagnostics: [
        {
          file: source.display,
          line: 0,
          column: 0,
          severity: 'error',
          rule: PATH_OUTSIDE_PROJECT,
          message: opened.message,
        },
      ],
    };
  const config = resolveConfig(parsed.data, absolute, ruleOverrides, opened.project);
  const icon = await readFavicon(config, source);
  const logo = await readLogo(config, source);
  const diagnostics = [
    ...checkApis(config, source),
    ...(await checkConfigFolders(config, source)),
    ...icon.diagnostics,
    ...logo.diagnostics,
    ...(await announcementLinkProblems(config.announcementBar?.content, source)),
  ];
  if (diagnostics.length > 0) return { ok: false, diagnostics: [...unknown, ...diagnostics] };
  return {
    ok: true,
    config: { ...config, faviconFile: icon.favicon, logoFile: logo.logo },
    source,
    diagnostics: unknown,
  };
}

const CONFIG_RULES: IssueRules = { unknownKey: configUnknownKey.id, type: configType.id, invalid: configInvalid.id };

function issueToDiagnostics(source: SourceFile, issue: z.core.$ZodIssue): Diagnostic[] {
  const path = issuePath(issue);
  if (
    issue.code === 'invalid_union' &&
    'discriminator' in issue &&
    issue.discriminator === 'type' &&
    path.includes('navbar')
  ) {
    return [locatedAt(source, path, navbarItemType.id, issue.message)];
  }
  // "unknown key" alone would leave the user guessing which rule ids there are.
  if (issue.code === 'unrecognized_keys' && path.length === 1 && path[0] === 'rules') {
    return issue.keys.map((key) =>
      locatedAt(source, [...path, key], CONFIG_RULES.unknownKey, unknownRuleMessage(key, CONFIG_RULE_IDS), 'key'),
    );
  }
  return zodIssueToDiagnostics(source, issue, CONFIG_RULES, siteConfigSchema);
}

function checkApis(config: Pick<ResolvedConfig, 'apis'>, source: SourceFile): Diagnostic[] {
  const seen = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const api of config.apis) {
    const first = seen.get(api.id);
    if (first !== undefined)
      out.push(
        locatedAt(
          source,
          ['apis', api.index, 'id'],
          'config-invalid',
          `duplicate API id "${api.id}" (first used by apis[${first}])`,
        ),
      );
    else seen.set(api.id, api.index);
  }
  return out;
}

/** A copy of the config's data without the keys zod found unknown (each issue names the object and its keys). */
function withoutKeys(data: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  const copy = structuredClone(data ?? {});
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const holder = getAtPointer(copy, issuePath(issue));
    if (isRecord(holder)) for (const key of issue.keys) delete holder[key];
  }
  return copy;
}
