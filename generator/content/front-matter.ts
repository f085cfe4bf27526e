import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseSourceText } from '../sources/source-file.js';
import { zodIssueToDiagnostics } from '../sources/zod-issues.js';
import type { FrontMatter } from './types.js';

const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1).optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  slug: z.string().min(1).optional(),
  id: z.string().regex(/^[\w.-]+$/, 'must be letters, digits, ".", "_" or "-"').optional(),
});

const FENCE = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export type FrontMatterResult = { ok: true; frontMatter: FrontMatter } | { ok: false; diagnostics: Diagnostic[] };

/** Reads and checks the YAML front matter that opens `text`; problems are located in the page file. */
export function readFrontMatter(file: string, text: string): FrontMatterResult {
  const match = FENCE.exec(text);
  const yamlText = match?.[1] ?? '';
  // The YAML starts on the page's second line; positions are shifted back to the page.
  const parsed = parseSourceText(`${file}#front-matter.yaml`, yamlText, 'front-matter');
  const shift = (list: Diagnostic[]): Diagnostic[] => list.map((d) => ({ ...d, file: d.file.replace(/#front-matter\.yaml$/, ''), line: match ? d.line + 1 : 1, column: match ? d.column : 1 }));
  if (!parsed.ok) return { ok: false, diagnostics: shift(parsed.diagnostics) };
  const result = frontMatterSchema.safeParse(parsed.file.data ?? {});
  if (!result.success) {
    const rules = { unknownKey: 'front-matter', type: 'front-matter', invalid: 'front-matter' };
    const diagnostics = result.error.issues.flatMap((issue) => zodIssueToDiagnostics(parsed.file, issue, rules));
    if (!match) return { ok: false, diagnostics: [{ ...diagnostics[0]!, line: 1, column: 1, file: parsed.file.display.replace(/#front-matter\.yaml$/, ''), message: 'the page has no front matter; start it with "---", a "title:" line and "---"' }] };
    return { ok: false, diagnostics: shift(diagnostics) };
  }
  const data = result.data;
  return {
    ok: true,
    frontMatter: { title: data.title, description: data.description, sidebarLabel: data.sidebar_label, sidebarPosition: data.sidebar_position, slug: data.slug, id: data.id },
  };
}
