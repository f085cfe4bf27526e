import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { runCli, tempDir, type Run } from './helpers.js';

// Shared by the hostile routes and URL tests: a project three levels below its temp folder, built by
// the real CLI, and its diagnostics read back as located lines.

export interface Project {
  /** The temp folder; the project sits three levels below it, so a route that climbs lands in here. */
  outer: string;
  root: string;
}

export async function project(files: Record<string, string>): Promise<Project> {
  const outer = await tempDir('hostile-routes');
  const root = join(outer, 'x', 'y', 'project');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return { outer, root };
}

export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));
}

/** Every file in the temp folder that is not one the test wrote or the build's own `out/`. */
export async function strayFiles(p: Project, written: Record<string, string>): Promise<string[]> {
  const ours = new Set(Object.keys(written).map((path) => join(p.root, path)));
  const out = join(p.root, 'out') + sep;
  const cache = join(p.root, '.specsite') + sep;
  return (await filesUnder(p.outer))
    .filter((file) => !ours.has(file) && !file.startsWith(out) && !file.startsWith(cache))
    .map((file) => relative(p.outer, file));
}

export interface Line {
  file: string;
  line: number;
  column: number;
  severity: string;
  rule: string;
  message: string;
  pointer: string | undefined;
}

const DIAGNOSTIC = /^(.+?):(\d+):(\d+) (error|warning) \[([\w-]+)\] (.*?)(?: \(at (#\S*)\))?$/;

export function diagnostics(run: Run): Line[] {
  return (run.stdout + run.stderr).split('\n').flatMap((text) => {
    const m = DIAGNOSTIC.exec(text);
    return m
      ? [
          {
            file: m[1] as string,
            line: Number(m[2]),
            column: Number(m[3]),
            severity: m[4] as string,
            rule: m[5] as string,
            message: m[6] as string,
            pointer: m[7],
          },
        ]
      : [];
  });
}

export function errors(run: Run): Line[] {
  return diagnostics(run).filter((d) => d.severity === 'error');
}

export async function build(p: Project): Promise<Run> {
  return runCli(['build', '--no-cache'], p.root);
}

export async function exists(path: string): Promise<boolean> {
  try {
    await readdir(path);
    return true;
  } catch {
    return false;
  }
}

export const page = (title: string, extra = '', body = 'Text.\n'): string =>
  `---\ntitle: ${title}\ndescription: A page.\n${extra}---\n\n${body}`;
