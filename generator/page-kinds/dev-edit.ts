import { readPage } from '../content/index.js';
import type { DevEdit } from './kind.js';

/** A docs or standalone page: its front matter read again; no other page shows its text. */
export const PAGE_ALONE: DevEdit = {
  read: (page, text) => {
    const read = readPage(page.kind, { file: page.file, relPath: page.relPath, text });
    return read.page && { page: read.page, diagnostics: read.diagnostics };
  },
  alsoRenders: () => [],
};
