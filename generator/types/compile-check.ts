import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CompilerOptions, SourceFile } from 'typescript';

type TypeScript = typeof import('typescript');

/** Where the package's files seem to live for the compiler: a folder no disk has, so nothing else is read. */
const ROOT = '/__specsite_types_package__';

/** One compiler error in a file of the package. */
export interface CompileError {
  /** The package file, as its key in the checked map (`types/x.d.ts`). */
  file: string;
  line: number;
  column: number;
  text: string;
}

/** TypeScript's own declaration files, parsed once per process: each check reads the same ones. */
const libraries = new Map<string, SourceFile | undefined>();

/**
 * What `tsc --strict` says about the package's declaration files (keys `types/….d.ts`), as an
 * integrator's project would check them (skipLibCheck off, no ambient `@types`). The files are served
 * from memory: the check reads nothing but them and TypeScript's own libraries, and writes nothing.
 */
export function compileErrors(files: ReadonlyMap<string, string>): CompileError[] {
  const ts = createRequire(import.meta.url)('typescript') as TypeScript;
  const options: CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const served = new Map<string, string>();
  for (const [key, text] of files) if (key.endsWith('.d.ts')) served.set(join(ROOT, key), text);
  const host = ts.createCompilerHost(options);
  const libraryFolder = dirname(ts.getDefaultLibFilePath(options));
  const inLibraries = (path: string): boolean => path.startsWith(`${libraryFolder}/`);
  host.getCurrentDirectory = () => ROOT;
  host.fileExists = (path) => served.has(path) || (inLibraries(path) && ts.sys.fileExists(path));
  host.readFile = (path) => served.get(path) ?? (inLibraries(path) ? ts.sys.readFile(path) : undefined);
  host.directoryExists = (path) => path === ROOT || path.startsWith(`${ROOT}/`) || inLibraries(`${path}/`);
  host.getDirectories = () => [];
  host.realpath = (path) => path;
  host.writeFile = () => undefined;
  host.getSourceFile = (path, languageVersion) => {
    const text = served.get(path);
    if (text !== undefined) return ts.createSourceFile(path, text, languageVersion, true);
    if (!inLibraries(path)) return undefined;
    if (!libraries.has(path)) {
      const library = ts.sys.readFile(path);
      libraries.set(path, library === undefined ? undefined : ts.createSourceFile(path, library, languageVersion));
    }
    return libraries.get(path);
  };
  const program = ts.createProgram({ rootNames: [...served.keys()], options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const file = diagnostic.file;
    if (!file || diagnostic.start === undefined)
      return { file: '', line: 0, column: 0, text: `TS${diagnostic.code}: ${text}` };
    const at = file.getLineAndCharacterOfPosition(diagnostic.start);
    return {
      file: file.fileName.slice(ROOT.length + 1),
      line: at.line + 1,
      column: at.character + 1,
      text: `TS${diagnostic.code}: ${text}`,
    };
  });
}
