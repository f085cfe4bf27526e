import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { ContractSources } from '../contracts/sources.js';
import { detectSpecVersion } from '../contracts/spec-version.js';
import type { Contract } from '../contracts/validate.js';
import { isRecord } from '../sources/pointer.js';

/**
 * Work a second thread can do for the build: judging a contract and typing it. The thread reads the
 * contract's files itself; `identity` is what the build read (`ContractSources.identity()`), so a
 * file changed in between is noticed and the work is done again on the build's own copy.
 */
export type WorkerRequest = { kind: 'checks'; path: string; identity: string[] } | { kind: 'types'; path: string; identity: string[]; service: string; version: string };

export interface WorkerResults {
  checks: Diagnostic[];
  types: string;
}

export type WorkerReply = { ok: true; value: WorkerResults[WorkerRequest['kind']] } | { ok: false; stale: boolean; message: string };

/** Runs one request in this thread, from the files on disk. */
export async function handleRequest(request: WorkerRequest): Promise<WorkerReply> {
  const loaded = await ContractSources.load(request.path);
  const sources = loaded.sources;
  const detected = sources && detectSpecVersion(sources.root.data);
  if (!sources || !detected?.ok || !sameFiles(sources.identity(), request.identity)) return { ok: false, stale: true, message: 'the contract changed while the build ran' };
  if (request.kind === 'checks') {
    const { checkContract } = await import('../contracts/checks.js');
    return { ok: true, value: await checkContract(sources, detected.version) };
  }
  const contract: Contract = { path: sources.root.path, sources, specVersion: detected.version, document: isRecord(sources.root.data) ? sources.root.data : {} };
  const { generateServiceTypes } = await import('../models/service-types.js');
  return { ok: true, value: await generateServiceTypes(contract, request.service, request.version) };
}

function sameFiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}
