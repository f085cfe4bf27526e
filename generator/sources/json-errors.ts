/** jsonc-parser's error codes in words, for the one located line of invalid JSON. */
export function describeJsonError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'malformed number',
    PropertyNameExpected: 'a property name (in double quotes) is expected',
    ValueExpected: 'a value is expected',
    ColonExpected: 'a colon is expected',
    CommaExpected: 'a comma is expected',
    CloseBraceExpected: 'a closing } is expected',
    CloseBracketExpected: 'a closing ] is expected',
    EndOfFileExpected: 'unexpected content after the end of the document',
    InvalidCommentToken: 'comments are not allowed in JSON',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid unicode escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string',
  };
  return words[code] ?? code;
}
