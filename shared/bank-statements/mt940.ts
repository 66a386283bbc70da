import { tooLarge, tooManyLines, withoutBom } from './file-bounds.ts';
import { mt940Fields, type Mt940Field } from './mt940-fields.ts';
import { readStatement } from './mt940-statement.ts';
import type { ParseResult } from './records.ts';
import { finishStatements, refused } from './statement-checks.ts';

/**
 * A SWIFT MT940 file (customer statement messages, with or without the SWIFT envelope) as its
 * statements (pure): one per :20:. Never throws on bad input: the problems come back as errors
 * naming the tag and the line of the file.
 */
export function parseMt940(file: string): ParseResult {
  const large = tooLarge(file);
  if (large) return refused(large);
  const fields = mt940Fields(withoutBom(file));
  const many = tooManyLines(fields.filter((f) => f.tag === '61').length);
  if (many) return refused(many);

  const messages: Mt940Field[][] = [];
  const stray: Mt940Field[] = [];
  let message: Mt940Field[] | undefined;
  for (const field of fields) {
    if (field.tag === '20') messages.push((message = []));
    (message ?? stray).push(field);
  }
  if (messages.length === 0) return refused({ row: 0, field: ':20:', reason: 'is missing: the file holds no MT940 statement', code: 'InvalidStatement' });
  const errors = stray.map((f) => ({ row: f.row, field: `:${f.tag}:`, reason: 'comes before any :20:, where a statement starts', code: 'InvalidStatement' as const }));
  return finishStatements(messages.map(readStatement), errors);
}
