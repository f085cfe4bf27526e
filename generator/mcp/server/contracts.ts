import { resolve } from 'node:path';
import { ContractSources } from '../../contracts/sources.js';
import { nestingTooDeep } from '../../contracts/depth-limit.js';
import { detectSpecVersion } from '../../contracts/spec-version.js';
import type { Contract } from '../../contracts/validate.js';
import { isRecord } from '../../sources/pointer.js';
import { resolveInProject, type Project } from '../../sources/project-path.js';
import type { ApiEntry, VersionEntry } from '../../render/api/mcp/published.js';
import { ToolError } from './tool-error.js';

/**
 * The contracts of the published versions, parsed (with positions, `$ref`s read only inside the
 * project) when a tool first needs one and kept: the build has already checked them, so they are
 * read, not checked again, and swagger-parser is never loaded.
 */
export class ContractFiles {
  private readonly parsed = new Map<string, Promise<Contract>>();

  constructor(
    /** The config's folder: each version's `source` is relative to it. */
    private readonly rootDir: string,
    private readonly project: Project,
  ) {}

  get(api: ApiEntry, version: VersionEntry): Promise<Contract> {
    let found = this.parsed.get(version.source);
    if (!found) {
      found = this.load(api, version);
      found.catch(() => this.parsed.delete(version.source));
      this.parsed.set(version.source, found);
    }
    return found;
  }

  private async load(api: ApiEntry, version: VersionEntry): Promise<Contract> {
    const missing = new ToolError(
      `the contract of ${api.id} ${version.version} (${version.source}) cannot be read any more; run \`specsite build\` again`,
    );
    const where = await resolveInProject(this.project, resolve(this.rootDir, version.source));
    if (!where.ok) throw missing;
    const loaded = await ContractSources.load(where.real, this.project);
    const sources = loaded.sources;
    const detected = sources && detectSpecVersion(sources.root.data);
    if (!sources || !detected?.ok || nestingTooDeep(sources)) throw missing;
    const document = isRecord(sources.root.data) ? sources.root.data : {};
    return { path: sources.root.path, sources, specVersion: detected.version, document };
  }
}
