import { bundledLanguages, type Highlighter } from 'shiki';
import type { HighlightedCode } from '../../../../templates/api/model.js';
import { CODE_THEMES, getHighlighter } from '../../../content/plugins/rehype-code.js';
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

  private constructor(private readonly shiki: Highlighter) {}

  /** The highlighter with the grammars of `languages` loaded (unknown names are left plain). */
  static async open(languages: Iterable<string>): Promise<SampleHighlighter> {
    const shiki = await getHighlighter();
    for (const lang of new Set(languages))
      if (lang in bundledLanguages && !shiki.getLoadedLanguages().includes(lang))
        await shiki.loadLanguage(lang as keyof typeof bundledLanguages);
    return new SampleHighlighter(shiki);
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
    const tokens = this.shiki.codeToTokensBase(code, {
      lang: lang as keyof typeof bundledLanguages,
      theme: CODE_THEMES.dark,
      tokenizeTimeLimit: 0,
      tokenizeMaxLineLength: MAX_LINE,
    });
    const lines: HighlightedCode['lines'] = [];
    for (const line of tokens) {
      const merged: HighlightedCode['lines'][number] = [];
      for (const token of line) {
        const color = token.color?.toLowerCase();
        const plain = !color || color === BLOCK_COLORS.fgDark;
        const tone = plain ? undefined : DARK_TONES[color];
        if (!plain && !tone) return undefined;
        const last = merged[merged.length - 1];
        if (last && last.tone === tone) last.text += token.content;
        else merged.push(tone ? { text: token.content, tone } : { text: token.content });
      }
      lines.push(merged);
    }
    return { colors: undefined, lines };
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
