import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pMap from 'p-map';
import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readSourceFile } from '../sources/source-file.js';
import { zodIssueToDiagnostics } from '../sources/zod-issues.js';
import { readPageFile } from './page-text.js';
import type { CategoryMeta } from './types.js';

/** Written in a content path, it stands for the configured brand slug (`{product}-packages.mdx`). */
export const BRAND_PLACEHOLDER = '{product}';

export interface FoundFile {
  file: string;
  /** `/`-separated path under the folder, placeholder replaced. */
  relPath: string;
  text: string;
}

export interface Discovered {
  docs: FoundFile[];
  pages: FoundFile[];
  /** Blog posts (`blog/`), when the blog is enabled. */
  posts: FoundFile[];
  categories: CategoryMeta[];
  diagnostics: Diagnostic[];
}

const PAGE_FILE = /\.mdx?$/;
/** Page files read at once. */
const READ_CONCURRENCY = 32;
export const CATEGORY_FILE = '_category_.yaml';

const categorySchema = z.strictObject({
  label: z.string().min(1).describe('Label of the folder in the sidebar and breadcrumbs.'),
  position: z.number().optional().describe('Place among its siblings (pages use `sidebar_position`).'),
  collapsed: z.boolean().default(true).describe('Start collapsed unless it holds the current page.'),
  link: z
    .string()
    .min(1)
    .optional()
    .describe("Doc id shown when the label is clicked; defaults to the folder's `index` page."),
});

/**
 * Lists the docs, the standalone pages, the blog posts and the docs folders' settings, in a stable
 * order. A page file of more than `maxBytes` is reported and left out unread.
 */
export async function discoverContent(
  contentDir: string,
  brandSlug: string,
  blog: boolean,
  maxBytes: number,
): Promise<Discovered> {
  const docsDir = join(contentDir, 'docs');
  const pagesDir = join(contentDir, 'pages');
  const postsDir = join(contentDir, 'blog');
  const [docFiles, pageFiles, postFiles] = await Promise.all([
    listFiles(docsDir),
    listFiles(pagesDir),
    blog ? listFiles(postsDir) : [],
  ]);
  const diagnostics: Diagnostic[] = [];
  const categories: CategoryMeta[] = [];
  for (const file of docFiles.filter((f) => f.endsWith(`${sep}${CATEGORY_FILE}`))) {
    const read = await readSourceFile(file, 'category');
    if (!read.ok) {
      diagnostics.push(...read.diagnostics);
      continue;
    }
    const parsed = categorySchema.safeParse(read.file.data ?? {});
    if (!parsed.success) {
      diagnostics.push(
        ...parsed.error.issues.flatMap((issue) =>
          zodIssueToDiagnostics(
            read.file,
            issue,
            { unknownKey: 'category', type: 'category', invalid: 'category' },
            categorySchema,
          ),
        ),
      );
      continue;
    }
    const dir = toRel(docsDir, file, brandSlug).split('/').slice(0, -1).join('/');
    categories.push({
      display: read.file.display,
      dir,
      label: parsed.data.label,
      position: parsed.data.position,
      collapsed: parsed.data.collapsed,
      link: parsed.data.link,
    });
  }
  const read = async (root: string, files: string[]): Promise<FoundFile[]> => {
    // A bounded number at once: a site of many thousand pages must not run out of open files.
    const texts = await pMap(
      files.filter((f) => PAGE_FILE.test(f)),
      async (file) => ({ file, decoded: await readPageFile(file, maxBytes) }),
      { concurrency: READ_CONCURRENCY },
    );
    return texts.flatMap(({ file, decoded }) => {
      if (decoded.ok) return [{ file, relPath: toRel(root, file, brandSlug), text: decoded.text }];
      diagnostics.push(decoded.diagnostic);
      return [];
    });
  };
  return {
    docs: await read(docsDir, docFiles),
    pages: await read(pagesDir, pageFiles),
    posts: await read(postsDir, postFiles),
    categories,
    diagnostics,
  };
}

function toRel(root: string, file: string, brandSlug: string): string {
  return relative(root, file).split(sep).join('/').replaceAll(BRAND_PLACEHOLDER, brandSlug);
}

/** Files under `dir`, sorted, skipping hidden and `_`-prefixed names other than category files. */
async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((path) =>
      relative(dir, path)
        .split(sep)
        .every((part) => !part.startsWith('.') && (!part.startsWith('_') || part === CATEGORY_FILE)),
    )
    .sort();
}
