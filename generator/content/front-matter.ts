import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { displayPath } from '../sources/display-path.js';
import { parseSourceText, type SourceFile } from '../sources/source-file.js';
import type { Segment } from '../sources/pointer.js';
import { locatedAt, zodIssuesToDiagnostics, zodIssueToDiagnostics } from '../sources/zod-issues.js';
import { validRoute } from '../sources/zod-policies.js';
import type { FrontMatter } from './types.js';

const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1).optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  slug: validRoute(z.string().min(1), 'the slug').optional(),
  id: validRoute(z.string().regex(/^[\w.-]+$/, 'must be letters, digits, ".", "_" or "-"'), 'the id').optional(),
  // Docusaurus's name: a docs page's own "Edit this page" URL, or null for none.
  custom_edit_url: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL, or null' })
    .nullable()
    .optional(),
  search: z.boolean().optional(),
});

/** Parsed as if it were a YAML file of its own, then reported against the page. */
const SUFFIX = '#front-matter.yaml';
const FENCE = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** `yaml`: the front matter as a file of its own, whose line 1 is the page's line 2. */
export type FrontMatterResult =
  { ok: true; frontMatter: FrontMatter; yaml: SourceFile } | { ok: false; diagnostics: Diagnostic[] };

/** Reads and checks the YAML front matter that opens `text`; problems are located in the page file. */
export function readFrontMatter(file: string, text: string): FrontMatterResult {
  const result = parseFrontMatter(file, text, frontMatterSchema);
  if (!result.ok) return result;
  const data = result.data;
  const title = result.yaml.locate(['title']);
  return {
    ok: true,
    yaml: result.yaml,
    frontMatter: {
      title: data.title,
      titleAt: { line: title.line + 1, column: title.column },
      description: data.description,
      sidebarLabel: data.sidebar_label,
      sidebarPosition: data.sidebar_position,
      slug: data.slug,
      id: data.id,
      customEditUrl: data.custom_edit_url,
      search: data.search ?? true,
    },
  };
}

/**
 * Front matter checked against `schema`, and where a key of it is written (for checks beyond the
 * schema); `yaml` is the front matter as a file of its own, whose line 1 is the page's line 2.
 */
export type ParsedFrontMatter<T> =
  | {
      ok: true;
      data: T;
      yaml: SourceFile;
      locate: (path: readonly Segment[], rule: string, message: string) => Diagnostic;
    }
  | { ok: false; diagnostics: Diagnostic[] };

/** The YAML front matter that opens `text`, checked against `schema`; problems are located in the page file. */
export function parseFrontMatter<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
): ParsedFrontMatter<z.output<S>> {
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
  const inPage = (d: Diagnostic): Diagnostic => ({ ...d, file: d.file.slice(0, -SUFFIX.length), line: d.line + 1 });
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics.map(inPage) };
  const result = schema.safeParse(parsed.file.data ?? {});
  if (!result.success) {
    const rules = { unknownKey: 'front-matter', type: 'front-matter', invalid: 'front-matter' };
    return {
      ok: false,
      diagnostics: zodIssuesToDiagnostics(result.error.issues, (issue) =>
        zodIssueToDiagnostics(parsed.file, issue, rules, schema),
      ).map(inPage),
    };
  }
  return {
    ok: true,
    data: result.data,
    yaml: parsed.file,
    locate: (path, rule, message) => inPage(locatedAt(parsed.file, path, rule, message)),
  };
}
