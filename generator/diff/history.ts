import semver from 'semver';
import type { LoadedApi } from '../contracts/index.js';
import { applyRuleSeverities, type RuleSeverities } from '../diagnostics/severity.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { groupTitle, type DiffReport } from './change.js';
import { ACKNOWLEDGEMENT_KEY } from './change-log.js';
import { diffContracts } from './compare.js';
import { backticked } from './inline-code.js';

/** What changed in each version of an API against the one before it, newest first (one entry fewer than versions). */
export function apiHistory(loaded: LoadedApi): DiffReport[] {
  const steps: DiffReport[] = [];
  for (let i = 0; i + 1 < loaded.versions.length; i++) {
    const newer = loaded.versions[i];
    const older = loaded.versions[i + 1];
    if (newer && older) steps.push(diffContracts(older, newer));
  }
  return steps;
}

export interface GateOptions {
  /** Every breaking change counts as intended (`--acknowledge-breaking`). */
  acknowledgeAll: boolean;
  rules: RuleSeverities;
}

/**
 * The CI gate: the newest version of an API may break integrators of the one before it only when
 * its major number is higher, or when the contract marks the change as intended. Each change that
 * is neither is one `breaking-change` error, where the API owner has to act.
 */
export function breakingChangeGate(
  apis: ReadonlyArray<{ loaded: LoadedApi; history: readonly DiffReport[] }>,
  options: GateOptions,
): Diagnostic[] {
  if (options.acknowledgeAll) return [];
  const out: Diagnostic[] = [];
  for (const { loaded, history } of apis) {
    const latest = history[0];
    if (!latest || majorRaised(latest.old.version, latest.new.version)) continue;
    const next = nextMajor(latest.old.version);
    for (const change of latest.changes) {
      if (!change.breaking || change.acknowledged) continue;
      out.push({
        file: change.at.file,
        line: change.at.line,
        column: change.at.column,
        pointer: change.at.pointer,
        severity: 'error',
        rule: 'breaking-change',
        message: `${loaded.api.id} ${latest.new.version} breaks integrators of ${latest.old.version}: ${groupTitle(change.group)}: ${backticked(change.subject)}: ${backticked(change.message)}${change.reason ? ` (${change.reason})` : ''} [${change.kind}]; release it as ${next}, or mark it intended with \`${ACKNOWLEDGEMENT_KEY}: <why>\` here`,
      });
    }
  }
  return applyRuleSeverities(out, options.rules);
}

export function majorRaised(from: string, to: string): boolean {
  const a = semver.parse(from);
  const b = semver.parse(to);
  return a !== null && b !== null && b.major > a.major;
}

function nextMajor(version: string): string {
  const parsed = semver.parse(version);
  return parsed ? `${parsed.major + 1}.0.0` : 'a new major version';
}
