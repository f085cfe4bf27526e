import { bundledLanguages, splitLines, type GrammarState, type Highlighter, type ThemedToken } from 'shiki';
import type { StateStack } from 'shiki/textmate';
import type { HighlightedCode } from '../../../../templates/api/model.js';
import { CODE_THEMES, getHighlighter, knownLanguage } from '../../../content/plugins/highlighter.js';
import { BLOCK_COLORS, TONES } from './tones.js';

/** Longer samples are shown uncoloured: colouring them costs more build time and page weight than it helps. */
export const MAX_HIGHLIGHTED_SAMPLE = 20_000;
const MAX_LINE = 2_000;

/**
 * The dark colour of each pair: in these two themes it decides the light one (github-light gives
 * regular expressions the colour of strings, github-dark does not, so the light one would not).
 * test/sample-tones.test.ts holds this for every rule of the two themes.
 */
const DARK_TONES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(TONES).map(([pair, tone]) => [pair.split(' ')[1], tone]),
);

/**
 * Colours samples with the docs' highlighter and themes (light and dark in one markup, as code blocks
 * in content are). Kept as data (lines of tokens), so the page renders it as React elements. A text
 * coloured once is not coloured again: every version of an API repeats most of its samples.
 */
export class SampleHighlighter {
  private readonly memo = new Map<string, HighlightedCode | undefined>();
  private readonly lines = new Map<string, LineMemo>();

  private constructor(private readonly shiki: Highlighter) {}

  /** The highlighter with the grammars of `languages` loaded (unknown names are left plain). */
  static async open(languages: Iterable<string>): Promise<SampleHighlighter> {
    return new SampleHighlighter(await getHighlighter()).load(languages);
  }

  /** Loads the grammars of `languages` not loaded yet: what this highlighter has coloured stays known. */
  async load(languages: Iterable<string>): Promise<this> {
    const shiki = this.shiki;
    for (const lang of new Set(languages))
      if (knownLanguage(lang) && !shiki.getLoadedLanguages().includes(lang)) await shiki.loadLanguage(lang);
    return this;
  }

  highlight(code: string, lang: string): HighlightedCode | undefined {
    if (code.length > MAX_HIGHLIGHTED_SAMPLE || !this.shiki.getLoadedLanguages().includes(lang)) return undefined;
    const key = `${lang}\n${code}`;
    if (this.memo.has(key)) return this.memo.get(key);
    const highlighted = this.inDarkTones(code, lang) ?? this.inBothThemes(code, lang);
    this.memo.set(key, highlighted);
    return highlighted;
  }

  /**
   * One tokenization instead of one per theme, half the build's colouring time: the two themes
   * have the same rules in the same order, so a token's dark colour names its pair. A colour
   * outside the known pairs sends the sample to `inBothThemes`.
   */
  inDarkTones(code: string, lang: string): HighlightedCode | undefined {
    const lines: HighlightedCode['lines'] = [];
    const memo = this.linesOf(lang);
    let state: GrammarState | undefined;
    for (const [text] of splitLines(code)) {
      const line = memo.line(text, state, (start) => {
        const tokens = this.shiki.codeToTokensBase(text, {
          lang: lang as keyof typeof bundledLanguages,
          theme: CODE_THEMES.dark,
          tokenizeTimeLimit: 0,
          tokenizeMaxLineLength: MAX_LINE,
          ...(start ? { grammarState: start } : {}),
        });
        const end = this.shiki.getLastGrammarState(tokens);
        // Without the state the next line starts in, the sample is coloured whole (`inBothThemes`).
        return { tones: end && inDarkTones(tokens[0] ?? []), end };
      });
      if (!line.tones) return undefined;
      // Shared by every sample with the line (nothing changes a sample's tokens once made).
      lines.push(line.tones);
      state = line.end;
    }
    return { colors: undefined, lines };
  }

  private linesOf(lang: string): LineMemo {
    let memo = this.lines.get(lang);
    if (!memo) this.lines.set(lang, (memo = new LineMemo()));
    return memo;
  }

  /** Both themes' colours, each token tokenized once per theme (shiki's dual-theme output). */
  inBothThemes(code: string, lang: string): HighlightedCode {
    const result = this.shiki.codeToTokens(code, {
      lang: lang as keyof typeof bundledLanguages,
      themes: CODE_THEMES,
      // As for content's code blocks: no time limit (the same text gives the same colours on every
      // build); a length limit instead.
      tokenizeTimeLimit: 0,
      tokenizeMaxLineLength: MAX_LINE,
    });
    const [fg = '', fgDark = ''] = (result.fg ?? '').split(';--shiki-dark:');
    const [bg = '', bgDark = ''] = (result.bg ?? '').split(';--shiki-dark-bg:');
    const lines = result.tokens.map((line) => {
      const tokens: HighlightedCode['lines'][number] = [];
      for (const token of line) {
        const style = token.htmlStyle ?? {};
        const color = style.color?.toLowerCase();
        const dark = style['--shiki-dark']?.toLowerCase();
        // Text in the block's own colours needs no span of its own; neighbours alike are merged.
        const plain = (!color || color === fg.toLowerCase()) && (!dark || dark === fgDark.toLowerCase());
        const last = tokens[tokens.length - 1];
        const tone = TONES[`${color} ${dark}`];
        const same = plain
          ? last?.color === undefined && last?.tone === undefined
          : tone
            ? last?.tone === tone
            : last?.color === color && last?.dark === dark;
        if (last && same) last.text += token.content;
        else if (plain) tokens.push({ text: token.content });
        else if (tone) tokens.push({ text: token.content, tone });
        else tokens.push({ text: token.content, color, dark });
      }
      return tokens;
    });
    const colors = { fg, fgDark, bg, bgDark };
    const usual = (Object.keys(BLOCK_COLORS) as Array<keyof typeof BLOCK_COLORS>).every(
      (key) => colors[key].toLowerCase() === BLOCK_COLORS[key],
    );
    return { colors: usual ? undefined : colors, lines };
  }
}

type ToneLine = HighlightedCode['lines'][number];

/** A line's tokens in tones, neighbours alike merged; undefined when a colour is outside the known pairs. */
function inDarkTones(tokens: readonly ThemedToken[]): ToneLine | undefined {
  const merged: ToneLine = [];
  for (const token of tokens) {
    const color = token.color?.toLowerCase();
    const plain = !color || color === BLOCK_COLORS.fgDark;
    const tone = plain ? undefined : DARK_TONES[color];
    if (!plain && !tone) return undefined;
    const last = merged[merged.length - 1];
    if (last && last.tone === tone) last.text += token.content;
    else merged.push(tone ? { text: token.content, tone } : { text: token.content });
  }
  return merged;
}

interface ColouredLine {
  tones: ToneLine | undefined;
  /** The grammar's state after the line, which the next line starts in. */
  end: GrammarState | undefined;
}

/**
 * One language's lines, coloured once for each state of the grammar they start in: a line's
 * tokens depend only on its text and that state, and the samples of a reference repeat most of
 * their lines (the same headers, imports and calls in every operation), so the real site's
 * 10,850 sample lines are 1,290 tokenizations.
 */
class LineMemo {
  /** The distinct states seen, by their key (`stateKey`; `sameStack` confirms), each with its number. */
  private readonly states = new Map<string, Array<{ state: GrammarState; id: number }>>();
  private readonly lines = new Map<string, ColouredLine>();
  private count = 0;

  line(
    text: string,
    start: GrammarState | undefined,
    colour: (start: GrammarState | undefined) => ColouredLine,
  ): ColouredLine {
    const known = start ? this.known(start) : { state: undefined, id: -1 };
    // A state too large to be worth a key (a contract's own sample, nested far): coloured as it comes.
    if (!known) return colour(start);
    const key = `${known.id}\n${text}`;
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = colour(known.state)));
    return line;
  }

  /** The first state seen that tokenizes alike, numbered; undefined when too large to be worth a key. */
  private known(state: GrammarState): { state: GrammarState; id: number } | undefined {
    const key = stateKey(state.getInternalStack() as unknown as Frame | undefined);
    if (key === undefined) return undefined;
    const alike = this.states.get(key) ?? [];
    const found = alike.find((seen) => sameStack(seen.state.getInternalStack(), state.getInternalStack()));
    if (found) return found;
    const entry = { state, id: this.count++ };
    alike.push(entry);
    this.states.set(key, alike);
    return entry;
  }
}

/**
 * A state whose key would be longer is not looked up (its lines are coloured as they come): the key
 * is made on every line, and a contract's own sample may nest far or end its strings with long
 * delimiters. Our samples' states take well under 1,000 characters.
 */
const MAX_KEY_LENGTH = 4096;

/** The grammar's stack frames as vscode-textmate keeps them (`StateStackImpl`), with what `equals` leaves out. */
interface Frame {
  parent: Frame | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  contentNameScopesList: Scopes | null;
}

/** The scopes of a frame and those it extends (`AttributedScopeStack`). */
interface Scopes {
  parent: Scopes | null;
  scopeName: string;
  tokenAttributes: number;
}

/** What `sameStack` compares, as text: states with the same key tokenize alike. */
function stateKey(stack: Frame | undefined): string | undefined {
  if (!stack) return undefined;
  let key = '';
  for (let frame: Frame | null = stack; frame; frame = frame.parent) {
    key += `${frame.ruleId} ${frame.beginRuleCapturedEOL ? 1 : 0} ${frame.endRule ?? ''}\n`;
    if (key.length > MAX_KEY_LENGTH) return undefined;
  }
  for (let scopes = stack.contentNameScopesList; scopes; scopes = scopes.parent) {
    key += `${scopes.tokenAttributes} ${scopes.scopeName}\n`;
    if (key.length > MAX_KEY_LENGTH) return undefined;
  }
  return key;
}

/**
 * Whether two states tokenize a line alike: vscode-textmate's `equals` (rules, end patterns and
 * scopes, frame by frame), plus whether each frame's begin pattern ended its line, which only
 * begin/while rules read and `equals` does not compare.
 */
function sameStack(a: StateStack | undefined, b: StateStack | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || !a.equals(b)) return false;
  for (
    let x: Frame | null = a as unknown as Frame, y: Frame | null = b as unknown as Frame;
    x && y;
    x = x.parent, y = y.parent
  )
    if (Boolean(x.beginRuleCapturedEOL) !== Boolean(y.beginRuleCapturedEOL)) return false;
  return true;
}
