import { readFile, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isWithin } from '../../sources/project-path.js';
import { ToolError } from './tool-error.js';

/**
 * Reads a file of the output folder named by what the build published (never by a tool's
 * arguments), refusing any path that would leave it, links followed: a hand-edited index cannot
 * make the server read elsewhere.
 */
export class OutFiles {
  private real: string | undefined;

  constructor(readonly dir: string) {}

  async text(path: string): Promise<string> {
    return readFile(await this.located(path), 'utf8');
  }

  async bytes(path: string): Promise<Uint8Array> {
    return readFile(await this.located(path));
  }

  /** A folder of the output, its links followed, checked as a file is. */
  async folder(path: string): Promise<string> {
    return this.located(path);
  }

  async json<T>(path: string): Promise<T> {
    const text = await this.text(path);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ToolError(`the build's file ${path} cannot be read; run \`specsite build\` again`);
    }
  }

  /** Where `path` really is, inside the output folder; a ToolError when it is missing or leads out. */
  private async located(path: string): Promise<string> {
    const absolute = resolve(this.dir, path);
    const root = (this.real ??= await realpath(this.dir).catch(() => this.dir));
    const real = await realpath(absolute).catch(() => undefined);
    if (!isWithin(this.dir, absolute) || real === undefined || !isWithin(root, real))
      throw new ToolError(`the build's file ${path} is missing; run \`specsite build\` again`);
    return real;
  }
}
