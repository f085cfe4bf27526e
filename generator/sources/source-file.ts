import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import {
  Composer,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  YAMLParseError,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { sha256, type BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeSource } from './decode.js';
import { displayPath } from './display-path.js';
import { JsonPositions } from './json-positions.js';
import { checkJsonShape, tooDeepInText } from './json-shape.js';
import { describeJsonError } from './json-errors.js';
import { DEPTH_LIMIT_RULE, MAX_ALIAS_COUNT, MAX_SOURCE_SIZE, sizeInMegabytes, tooDeepMessage } from './limits.js';
import type { Segment } from './pointer.js';
import { aliasExpansionOverflow, tooDeepOffset } from './yaml-limits.js';
import { stepKey } from '../cache/step-key.js';

export interface Position {
  line: number;
  column: number;
}

/** A parsed YAML or JSON file that can say where any of its nodes starts. */
export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path as shown to the user. */
  display: string;
  format: 'yaml' | 'json';
  /** sha256 of the text, the file's identity for the build cache. */
  hash: string;
  /** The text as parsed (without a byte-order mark), for finding a phrase inside a value. */
  text: string;
  data: unknown;
  /**
   * Where the node at `segments` starts. When the path does not exist (a missing property) the
   * nearest existing ancestor is used, which is where the user has to add it.
   * `key` asks for the property's key rather than its value (for "unknown key" problems).
   */
  locate(segments: readonly Segment[], target?: 'key' | 'value'): Position;
}

export type ParseResult = { ok: true; file: SourceFile } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Reads and parses a YAML or JSON file. With a cache, a YAML file's data is kept under the hash of
 * its text: YAML with positions is the slowest parse there is, and positions are only needed when
 * something must be located, so a cached file parses its YAML again only then.
 */
export async function readSourceFile(path: string, rule = 'parse', cache?: BuildCache): Promise<ParseResult> {
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > MAX_SOURCE_SIZE)
      return fileProblem(
        path,
        rule,
        `the file is ${sizeInMegabytes(size)}, more than the ${sizeInMegabytes(MAX_SOURCE_SIZE)} a file may have`,
      );
    // Node's own UTF-8 read is several times faster than any decoder that reports bad bytes, and
    // marks them with U+FFFD; only a text with one (or with zero bytes, UTF-16) is decoded again.
    text = await readFile(path, 'utf8');
    if (text.includes('\uFFFD') || text.charCodeAt(0) === 0 || text.charCodeAt(1) === 0) {
      const decoded = decodeSource(await readFile(path));
      if (!decoded.ok)
        return {
          ok: false,
          diagnostics: [
            {
              file: displayPath(path),
              line: decoded.line,
              column: decoded.column,
              severity: 'error',
              rule: decoded.rule,
              message: decoded.message,
            },
          ],
        };
      text = decoded.text;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fileProblem(
      path,
      rule,
      code === 'ENOENT'
        ? 'file not found'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : `cannot be read (${code ?? 'unknown error'})`,
    );
  }
  text = withoutBom(text);
  const hash = sha256(text);
  if (!cache?.enabled || extname(path).toLowerCase() === '.json') return parseSourceText(path, text, rule, hash);
  const key = stepKey(cache, 'yaml-data', { text: hash });
  const cached = await cache.get<{ data: unknown }>('yaml', key);
  if (cached)
    return {
      ok: true,
      file: {
        path,
        display: displayPath(path),
        format: 'yaml',
        hash,
        text,
        data: cached.data,
        locate: yamlLocator(text),
      },
    };
  const parsed = parseSourceText(path, text, rule, hash);
  if (parsed.ok) await cache.set('yaml', key, { data: parsed.file.data });
  return parsed;
}

function fileProblem(path: string, rule: string, message: string): ParseResult {
  return {
    ok: false,
    diagnostics: [{ file: displayPath(path), line: 0, column: 0, severity: 'error', rule, message }],
  };
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Positions in a YAML text that was parsed elsewhere (its data came from the cache): parsed again on first use. */
function yamlLocator(text: string): SourceFile['locate'] {
  let parsed: ReturnType<typeof parseYamlDocument> | undefined;
  return (segments, target) => {
    parsed ??= parseYamlDocument(text);
    return parsed.doc ? parsed.at(yamlOffset(parsed.doc, segments, target ?? 'value')) : { line: 1, column: 1 };
  };
}

/** `hash`: the text's, when the caller has it already. */
export function parseSourceText(path: string, text: string, rule = 'parse', hash = sha256(text)): ParseResult {
  const body = withoutBom(text);
  return extname(path).toLowerCase() === '.json'
    ? parseJson(path, body, rule, hash)
    : parseYaml(path, body, rule, hash);
}

/**
 * The YAML document with its line counter: every file is parsed with the same options, cached or
 * not. What `parseDocument` does, in its two steps: the syntax tree of a document is checked for
 * depth before it is composed, because composing recurses (a few thousand levels end the process).
 * `tooDeep`: where the first level past the limit starts, and then there is no document.
 */
function parseYamlDocument(text: string): {
  doc: Document | undefined;
  tooDeep: number | undefined;
  at: (offset: number) => Position;
} {
  const lineCounter = new LineCounter();
  const parser = new Parser(lineCounter.addNewLine);
  const composer = new Composer({ merge: true, uniqueKeys: true });
  let tooDeep: number | undefined;
  const tokens = function* () {
    for (const token of parser.parse(text)) {
      tooDeep = tooDeepOffset(token);
      if (tooDeep !== undefined) return;
      yield token;
    }
  };
  let doc: Document | undefined;
  for (const next of composer.compose(tokens(), true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      );
      break;
    }
  }
  return {
    doc: tooDeep === undefined ? doc : undefined,
    tooDeep,
    at: (offset) => {
      const { line, col } = lineCounter.linePos(offset);
      return { line, column: col };
    },
  };
}

function parseYaml(path: string, text: string, rule: string, hash: string): ParseResult {
  const { doc, tooDeep, at } = parseYamlDocument(text);
  const display = displayPath(path);
  if (!doc)
    return {
      ok: false,
      diagnostics: [
        { file: display, ...at(tooDeep ?? 0), severity: 'error', rule: DEPTH_LIMIT_RULE, message: tooDeepMessage() },
      ],
    };
  if (doc.errors.length > 0) {
    // After the first syntax error the parser's view of the indentation is off, and what it reports
    // next follows from it: the first is the one to fix. A key given twice stands on its own.
    const first = doc.errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
    const shown = doc.errors.filter((e) => e === first || e.code === 'DUPLICATE_KEY');
    return {
      ok: false,
      diagnostics: shown.map((e) => ({
        file: display,
        ...at(e.pos[0]),
        severity: 'error' as const,
        rule,
        message: `invalid YAML: ${e.message}`,
      })),
    };
  }
  const overflow = aliasExpansionOverflow(doc, text.length);
  if (overflow !== undefined) {
    const message = `invalid YAML: its aliases repeat more than ${sizeInMegabytes(MAX_SOURCE_SIZE)} of text (each alias copies what its anchor names); repeat less`;
    return { ok: false, diagnostics: [{ file: display, ...at(overflow), severity: 'error', rule, message }] };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    return {
      ok: false,
      diagnostics: [
        {
          file: display,
          line: 1,
          column: 1,
          severity: 'error',
          rule,
          message: `invalid YAML: ${(error as Error).message}`,
        },
      ],
    };
  }
  return {
    ok: true,
    file: {
      path,
      display,
      format: 'yaml',
      hash,
      text,
      data,
      locate: (segments, target) => at(yamlOffset(doc, segments, target ?? 'value')),
    },
  };
}

function yamlOffset(doc: Document, segments: readonly Segment[], target: 'key' | 'value'): number {
  let node: YamlNode | null | undefined = doc.contents as YamlNode | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < segments.length && node; i++) {
    const seg = segments[i];
    const last = i === segments.length - 1;
    if (isAlias(node)) node = node.resolve(doc) as YamlNode | undefined;
    if (isMap(node)) {
      const pair = findPair(doc, node.items, String(seg));
      if (!pair) break;
      const keyNode = pair.key as YamlNode | null;
      const valueNode = pair.value as YamlNode | null;
      if (last && target === 'key' && keyNode?.range) return keyNode.range[0];
      node = valueNode;
      offset = valueNode?.range?.[0] ?? keyNode?.range?.[0] ?? offset;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as YamlNode | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      break;
    }
  }
  return offset;
}

type PairList = { key: unknown; value: unknown }[];

/** Finds a key in a map, looking through `<<` merge keys the way the loader does. */
function findPair(
  doc: Document,
  items: PairList,
  key: string,
  depth = 0,
): { key: unknown; value: unknown } | undefined {
  for (const pair of items) {
    if (isPair(pair) && isScalar(pair.key) && String(pair.key.value) === key) return pair;
  }
  if (depth > 20) return undefined;
  for (const pair of items) {
    if (isPair(pair) && isScalar(pair.key) && pair.key.value === '<<') {
      const sources = isSeq(pair.value) ? pair.value.items : [pair.value];
      for (const source of sources) {
        const resolved = isAlias(source) ? source.resolve(doc) : source;
        if (isMap(resolved)) {
          const found = findPair(doc, resolved.items as PairList, key, depth + 1);
          if (found) return found;
        }
      }
    }
  }
  return undefined;
}

function parseJson(path: string, text: string, rule: string, hash: string): ParseResult {
  const display = displayPath(path);
  const lines = lineStarts(text);
  const at = (offset: number): Position => positionOf(lines, offset);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const deep = tooDeepInText(text);
    if (deep !== undefined)
      return {
        ok: false,
        diagnostics: [
          { file: display, ...at(deep), severity: 'error', rule: DEPTH_LIMIT_RULE, message: tooDeepMessage() },
        ],
      };
    // JSON.parse's message differs between Node versions; jsonc-parser gives a stable code and an offset.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const message = first ? `invalid JSON: ${describeJsonError(printParseErrorCode(first.error))}` : 'invalid JSON';
    return { ok: false, diagnostics: [{ file: display, ...at(first?.offset ?? 0), severity: 'error', rule, message }] };
  }
  const problem = checkJsonShape(text, data);
  if (problem?.kind === 'too-deep')
    return {
      ok: false,
      diagnostics: [
        { file: display, ...at(problem.offset), severity: 'error', rule: DEPTH_LIMIT_RULE, message: tooDeepMessage() },
      ],
    };
  if (problem?.kind === 'duplicate-key') {
    const message = `invalid JSON: the key ${JSON.stringify(problem.key)} is given twice in one object (first on line ${at(problem.firstOffset).line}); keep one`;
    return { ok: false, diagnostics: [{ file: display, ...at(problem.offset), severity: 'error', rule, message }] };
  }
  let positions: JsonPositions | undefined;
  return {
    ok: true,
    file: {
      path,
      display,
      format: 'json',
      hash,
      text,
      data,
      locate(segments, target = 'value') {
        // Scanned only when a problem has to be located, and only along its path.
        positions ??= new JsonPositions(text);
        const offset = positions.locate(segments, target);
        return offset === undefined ? { line: 1, column: 1 } : at(offset);
      },
    },
  };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function positionOf(starts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
}
