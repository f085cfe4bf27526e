import type { ResolvedApi } from '../config/resolve.js';
import type { LoadedApi } from '../contracts/index.js';
import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/line.js';
import { displayPath } from '../sources/display-path.js';
import type { SourceFile } from '../sources/source-file.js';

/**
 * The configured APIs a content page cannot use: those that did not load, and those whose contract
 * has an error (a `$ref` that resolves to nothing, say), each with where its first error is
 * (`openapi/searcher.yaml:40:21`). Pages that use one name that place once instead of failing on
 * their own, and pages that use only the others are built as usual.
 */
export function unavailableApis(
  configured: readonly ResolvedApi[],
  loaded: readonly LoadedApi[],
  contractDiagnostics: readonly Diagnostic[],
  configSource: SourceFile,
): Map<string, string> {
  const errors = contractDiagnostics.filter((d) => d.severity === 'error').sort(compareDiagnostics);
  const out = new Map<string, string>();
  for (const api of configured) {
    const versions = loaded.find((l) => l.api.id === api.id)?.versions ?? [];
    const files = new Set(
      versions.flatMap(({ contract }) => [...contract.sources.files.values()].map((f) => f.display)),
    );
    const spec = displayPath(api.spec);
    const first = errors.find((d) => files.has(d.file) || d.file === spec || d.file.startsWith(`${spec}/`));
    if (first) out.set(api.id, where(first));
    // Not loaded and no error in its files: what kept it out is at its entry in the config.
    else if (versions.length === 0)
      out.set(api.id, where({ file: configSource.display, ...configSource.locate(['apis', api.index]) }));
  }
  return out;
}
