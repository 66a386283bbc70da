import { parsedIban } from '../bank-accounts/rules.ts';
import { readBalance } from './mt940-balance.ts';
import type { Mt940Field } from './mt940-fields.ts';
import { readLine } from './mt940-line.ts';
import type { StatementBalance, StatementError } from './records.ts';
import type { StatementDraft } from './statement-checks.ts';

/**
 * One MT940 message, from its :20: to the next, as a statement draft (pure). Its id is the
 * transaction reference and the statement number (:20:/:28C:, as B4G30MS9D00A003D/999/1: one
 * statement split over messages repeats its :20:); its account is :25:; its currency that of
 * its opening balance. An :86: after a :61: describes that line; one after the closing balance
 * is about the statement and not read. Tags not read (:21:, :64:, :65:, banks' own) are passed over.
 */
export function readStatement(fields: readonly Mt940Field[]): StatementDraft {
  const [first] = fields;
  const row = first?.row ?? 0;
  const errors: StatementError[] = [];
  const once = new Map<string, Mt940Field>();
  for (const field of fields) {
    const kind = field.tag.slice(0, 2);
    if (!['20', '25', '28', '60', '62'].includes(kind)) continue;
    if (once.has(kind)) errors.push({ row: field.row, field: `:${field.tag}:`, reason: `appears twice in the statement that starts on line ${row}`, code: 'InvalidStatement' });
    else once.set(kind, field);
  }
  const value = (kind: string) => once.get(kind)?.lines.join('').trim() ?? '';
  const statementId = [value('20'), value('28')].filter((v) => v !== '').join('/');
  const draft: StatementDraft = { statementId, account: accountOf(value('25')), currency: '', lines: [], row, closingField: `:${once.get('62')?.tag ?? '62F'}:`, errors };
  const missing = (tag: string, what: string) => errors.push({ row, field: tag, reason: `is missing: the statement that starts on line ${row} has no ${what}`, code: 'InvalidStatement' });
  if (!value('25')) missing(':25:', 'account identification');

  const [openingField, closingField] = [once.get('60'), once.get('62')];
  const opening = openingField && readBalance(openingField);
  const closing = closingField && readBalance(closingField);
  if (!opening) missing(':60F:', 'opening balance (:60F: or :60M:)');
  if (!closing) missing(':62F:', 'closing balance (:62F: or :62M:)');
  for (const read of [opening, closing]) if (read && 'error' in read) errors.push(read.error);
  const balance = (read: typeof opening): StatementBalance | undefined => (read && 'balance' in read ? read.balance : undefined);
  draft.openingBalance = balance(opening);
  draft.closingBalance = balance(closing);
  if (!opening || !('currency' in opening)) return draft;
  draft.currency = opening.currency;
  if (closing && 'currency' in closing && closing.currency !== draft.currency) {
    errors.push({ row: closingField?.row ?? row, field: draft.closingField, reason: `is in ${closing.currency}; the opening balance is in ${draft.currency}`, code: 'CurrencyMismatch' });
  }
  readLines(fields, draft);
  return draft;
}

/** Each :61: with the first :86: that follows it before the next :61: or the closing balance. */
function readLines(fields: readonly Mt940Field[], draft: StatementDraft): void {
  let pending: { line: Mt940Field; info?: Mt940Field } | undefined;
  const flush = () => {
    if (!pending) return;
    const read = readLine(pending.line, pending.info, draft.currency);
    if ('line' in read) draft.lines.push(read.line);
    else draft.errors.push(read.error);
    pending = undefined;
  };
  for (const field of fields) {
    if (field.tag === '61') {
      flush();
      pending = { line: field };
    } else if (field.tag === '86' && pending && !pending.info) pending.info = field;
    else if (field.tag.startsWith('62')) flush();
  }
  flush();
}

/** :25: names the account as the bank's number, an IBAN, or either after the bank's BIC and a slash. */
function accountOf(text: string): StatementDraft['account'] {
  const last = text.slice(text.lastIndexOf('/') + 1);
  const parsed = parsedIban(last);
  return 'iban' in parsed ? { iban: parsed.iban } : { number: text };
}
