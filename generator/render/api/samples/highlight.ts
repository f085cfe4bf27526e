import { bundledLanguages, type Highlighter } from 'shiki';
import type { HighlightedCode } from '../../../../templates/api/model.js';
import { CODE_THEMES, getHighlighter } from '../../../content/plugins/rehype-code.js';
import { BLOCK_COLORS, TONES } from './tones.js';

/** Longer samples are shown uncoloured: colouring them costs more build time and page weight than it helps. */
export const MAX_HIGHLIGHTED_SAMPLE = 20_000;
const MAX_LINE = 2_000;

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
        const same = plain
          ? last?.color === undefined && last?.tone === undefined
          : last?.color === color && last?.dark === dark;
        const tone = TONES[`${color} ${dark}`];
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
    const highlighted: HighlightedCode = { colors: usual ? undefined : colors, lines };
    this.memo.set(key, highlighted);
    return highlighted;
  }
}
