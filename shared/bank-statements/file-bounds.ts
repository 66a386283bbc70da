import { MAX_FILE_BYTES, MAX_STATEMENT_LINES, type StatementError } from './records.ts';

/** The bounds of one file's work (pure): refused whole, at row 0, before or as soon as it is read. */
export function tooLarge(text: string): StatementError | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= MAX_FILE_BYTES) return undefined;
  return { row: 0, field: 'file', reason: `is ${bytes} bytes; a statement file takes at most ${MAX_FILE_BYTES} (5 MiB): split it`, code: 'TooLarge' };
}

export function tooManyLines(lines: number): StatementError | undefined {
  if (lines <= MAX_STATEMENT_LINES) return undefined;
  return { row: 0, field: 'file', reason: `holds ${lines} statement lines; a file takes at most ${MAX_STATEMENT_LINES}: split it`, code: 'TooManyLines' };
}

/** The text without the byte order mark some banks' files start with. */
export const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
