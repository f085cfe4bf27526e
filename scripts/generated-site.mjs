// The generated docs site the benchmarks build (bench.mjs, bench-search.mjs): `count` MDX pages,
// 50 to a folder, each with headings, code, a table and a link to the next.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A docs site of `count` generated MDX pages, 50 to a folder, each with headings, code, a table and links. */
export function generatedSite(work, count) {
  const dir = join(work, `pages-${count}`);
  if (existsSync(dir)) return dir;
  mkdirSync(join(dir, 'content/docs'), { recursive: true });
  writeFileSync(join(dir, 'site-config.yaml'), 'title: Generated\nurl: https://bench.example\n');
  for (let i = 0; i < count; i++) {
    const folder = `section-${String(Math.floor(i / 50)).padStart(3, '0')}`;
    const page = `page-${String(i).padStart(5, '0')}`;
    if (i % 50 === 0) mkdirSync(join(dir, 'content/docs', folder), { recursive: true });
    const next =
      i + 1 < count
        ? `[the next page](../section-${String(Math.floor((i + 1) / 50)).padStart(3, '0')}/page-${String(i + 1).padStart(5, '0')}.mdx)`
        : 'the last page';
    writeFileSync(
      join(dir, 'content/docs', folder, `${page}.mdx`),
      `---\ntitle: Page ${i}\ndescription: Generated page ${i} of the benchmark.\n---\n\nThis is page ${i}; read on with ${next}.\n\n## Setting it up\n\nSome **bold** text, some \`code\`, and a list:\n\n- one\n- two\n- three\n\n\`\`\`ts\nexport function page${i}(input: string): number {\n  return input.length * ${i};\n}\n\`\`\`\n\n## Reference\n\n| Name | Type | Default |\n|---|---|---|\n| size | number | ${i} |\n| name | string | page |\n\n### Details\n\n${'A paragraph of ordinary prose that describes the page in enough words to be realistic. '.repeat(4)}\n`,
    );
  }
  return dir;
}
