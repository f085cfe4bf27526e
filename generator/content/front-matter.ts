import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { displayPath } from '../sources/display-path.js';
import { parseSourceText } from '../sources/source-file.js';
import { zodIssueToDiagnostics } from '../sources/zod-issues.js';
import { validRoute } from '../sources/zod-policies.js';
import type { FrontMatter } from './types.js';

const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1).optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  slug: validRoute(z.string().min(1), 'the slug').optional(),
  id: validRoute(z.string().regex(/^[\w.-]+$/, 'must be letters, digits, ".", "_" or "-"'), 'the id').optional(),
  search: z.boolean().optional(),
});

/** Parsed as if it were a YAML file of its own, then reported against the page. */
const SUFFIX = '#front-matter.yaml';
const FENCE = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

export type FrontMatterResult = { ok: true; frontMatter: FrontMatter } | { ok: false; diagnostics: Diagnostic[] };

/** Reads and checks the YAML front matter that opens `text`; problems are located in the page file. */
export function readFrontMatter(file: string, text: string): FrontMatterResult {
  const match = FENCE.exec(text);
  if (!match) {
    const message = 'the page has no front matter; start it with "---", a "title:" line and "---"';
    return {
      ok: false,
      diagnostics: [{ file: displayPath(file), line: 1, column: 1, severity: 'error', rule: 'front-matter', message }],
    };
  }
  // The YAML starts on the page's second line; positions are shifted back into the page.
  const parsed = parseSourceText(`${file}${SUFFIX}`, match[1] ?? '', 'front-matter');
  const inPage = (list: Diagnostic[]): Diagnostic[] =>
    list.map((d) => ({ ...d, file: d.file.slice(0, -SUFFIX.length), line: d.line + 1 }));
  if (!parsed.ok) return { ok: false, diagnostics: inPage(parsed.diagnostics) };
  const result = frontMatterSchema.safeParse(parsed.file.data ?? {});
  if (!result.success) {
    const rules = { unknownKey: 'front-matter', type: 'front-matter', invalid: 'front-matter' };
    return {
      ok: false,
      diagnostics: inPage(result.error.issues.flatMap((issue) => zodIssueToDiagnostics(parsed.file, issue, rules))),
    };
  }
  const data = result.data;
  return {
    ok: true,
    frontMatter: {
      title: data.title,
      description: data.description,
      sidebarLabel: data.sidebar_label,
      sidebarPosition: data.sidebar_position,
      slug: data.slug,
      id: data.id,
      search: data.search ?? true,
    },
  };
}
