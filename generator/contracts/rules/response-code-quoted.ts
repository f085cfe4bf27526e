import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * OpenAPI 3.x: a response code "MUST be enclosed in quotation marks (for example, "200") for
 * compatibility between JSON and YAML". Unquoted, YAML reads `200:` as a number, which some tools
 * then refuse (Spectral's parser does). Only YAML files can get this wrong: a JSON key is always a
 * string. Swagger 2.0 asks for no quotes.
 */
export const responseCodeQuoted: ContractRule = {
  id: 'response-code-quoted',
  severity: 'error',
  configurable: true,
  doc: "in OpenAPI 3.x YAML, a numeric response code is quoted (`'200':`, not `200:`), as the specification requires",
  run({ sources, version, operations }) {
    if (version === '2.0') return [];
    const out: Diagnostic[] = [];
    const seen = new Set<string>();
    const lines = new Map<SourceFile, number[]>();
    for (const site of operations) {
      const responses = sources.child(site.operation, 'responses');
      if (!responses || responses.file.format !== 'yaml') continue;
      const holder = sources.follow(responses);
      const key = `${holder.file.path}#${holder.segments.join('/')}`;
      if (seen.has(key) || typeof holder.value !== 'object' || holder.value === null) continue;
      seen.add(key);
      for (const code of Object.keys(holder.value)) {
        if (!/^\d+$/.test(code)) continue;
        const starts = lines.get(holder.file) ?? lineStarts(holder.file.text);
        lines.set(holder.file, starts);
        if (quotedAt(holder.file, starts, [...holder.segments, code])) continue;
        out.push(
          report(
            sources,
            holder,
            responseCodeQuoted.id,
            `response code ${code} must be quoted ('${code}':): unquoted, YAML reads it as a number`,
            { extra: [code], target: 'key' },
          ),
        );
      }
    }
    return out;
  },
};

/** Whether the key at `segments` is written in quotes; looked up only for numeric-looking keys. */
function quotedAt(file: SourceFile, starts: number[], segments: (string | number)[]): boolean {
  const { line, column } = file.locate(segments, 'key');
  const lineStart = starts[line - 1] ?? 0;
  const start = lineStart + column - 1;
  const first = file.text[start];
  if (first === '"' || first === "'") return true;
  // A tag (`!!str 200:`) makes it a string as surely as quotes do; the key's position is after it.
  const before =
    file.text
      .slice(lineStart, start)
      .trimEnd()
      .split(/[\s{,]/)
      .at(-1) ?? '';
  return before.startsWith('!');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
