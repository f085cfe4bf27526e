/**
 * A change's text as the comparison writes it: words, and `code` spans for names and values from the
 * contract. The parts stay apart from where a change is made, so each output marks code its own way
 * (backticks in the CLI, inline code in Markdown, `<code>` in the changelog) and nothing is parsed back.
 */
export interface InlinePart {
  code: boolean;
  text: string;
}
export type Inline = InlinePart[];

/** What a change's subject or message is written as: a plain string is words only, never parsed for code. */
export type Wording = string | Inline;

/** A name or value from the contract, shown as code. */
export function code(text: string | number): Inline {
  return [{ code: true, text: String(text) }];
}

/** Words and code in reading order: phrase`format ${code(f)} removed`; strings and numbers are words. */
export function phrase(words: TemplateStringsArray, ...pieces: Array<Wording | number>): Inline {
  const parts: Inline = [];
  words.forEach((text, i) => {
    append(parts, text);
    const piece = pieces[i];
    if (piece !== undefined) append(parts, typeof piece === 'number' ? String(piece) : piece);
  });
  return parts;
}

/** `wordings` with `separator` words between them. */
export function joined(wordings: readonly Wording[], separator: string): Inline {
  const parts: Inline = [];
  wordings.forEach((wording, i) => {
    if (i > 0) append(parts, separator);
    append(parts, wording);
  });
  return parts;
}

export function inline(wording: Wording): Inline {
  return typeof wording === 'string' ? phrase`${wording}` : wording;
}

/** The CLI's form: code between backticks. */
export function backticked(wording: Wording): string {
  return inline(wording)
    .map((part) => (part.code ? `\`${part.text}\`` : part.text))
    .join('');
}

/** Adjacent words merge and empty words are dropped, so each output gets one text run between code spans. */
function append(parts: Inline, wording: Wording): void {
  for (const part of typeof wording === 'string' ? [{ code: false, text: wording }] : wording) {
    const last = parts.at(-1);
    if (part.code) parts.push({ ...part });
    else if (part.text === '') continue;
    else if (last && !last.code) last.text += part.text;
    else parts.push({ ...part });
  }
}
