import type { RowError } from '../records.ts';
import { textAt } from '../../text/xml-elements.ts';

/**
 * The file's closing balances checked, never trusted (pure): each account's opening balance plus
 * its lines' debits less credits must be its closing balance. A mismatch is an error of the
 * account's last line in the file (its journal is then invalid: an atomic import writes nothing,
 * a per-item one leaves that journal out), or of the file (row 0) for an account without lines,
 * naming the closing element, the file's figure and the one its lines make.
 */

const SCALE = 6;

/** A decimal text as an integer of millionths; undefined when it is no decimal number. */
export function units(text: string | undefined): bigint | undefined {
  if (text === undefined) return 0n;
  const match = /^(-)?(\d+)(?:\.(\d{0,6}))?$/.exec(text.trim());
  if (!match) return undefined;
  const value = BigInt(match[2]! + (match[3] ?? '').padEnd(SCALE, '0'));
  return match[1] ? -value : value;
}

const shown = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(SCALE + 1, '0');
  return `${sign}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE, -SCALE + 2)}`;
};

/** Debit less credit of an account element's Opening or Closing balance; undefined when it gives neither. */
function balance(account: unknown, which: 'Opening' | 'Closing'): bigint | undefined {
  const debit = textAt(account, `${which}DebitBalance`);
  const credit = textAt(account, `${which}CreditBalance`);
  if (debit === undefined && credit === undefined) return undefined;
  const d = units(debit);
  const c = units(credit);
  return d === undefined || c === undefined ? undefined : d - c;
}

export function closingBalanceErrors(accounts: readonly unknown[], movements: ReadonlyArray<{ accountId: string; row: number; debit?: string | undefined; credit?: string | undefined }>): RowError[] {
  const moved = new Map<string, { sum: bigint; lastRow: number }>();
  for (const m of movements) {
    const d = units(m.debit);
    const c = units(m.credit);
    if (d === undefined || c === undefined) continue; // the line's own error names its amount
    const seen = moved.get(m.accountId) ?? { sum: 0n, lastRow: 0 };
    moved.set(m.accountId, { sum: seen.sum + d - c, lastRow: m.row });
  }
  const errors: RowError[] = [];
  accounts.forEach((account, i) => {
    const id = textAt(account, 'AccountID');
    const closing = balance(account, 'Closing');
    if (!id || closing === undefined) return;
    const opening = balance(account, 'Opening') ?? 0n;
    const movement = moved.get(id);
    const expected = opening + (movement?.sum ?? 0n);
    if (expected === closing) return;
    const side = textAt(account, 'ClosingCreditBalance') !== undefined ? 'ClosingCreditBalance' : 'ClosingDebitBalance';
    errors.push({
      row: movement?.lastRow ?? 0,
      field: `MasterFiles/GeneralLedgerAccounts/Account[${i + 1}]/${side}`,
      reason: `is ${shown(closing)} (debit less credit) for account ${id}, but its opening balance ${shown(opening)} and its lines in the file (${shown(movement?.sum ?? 0n)}) make ${shown(expected)}`,
      code: 'ClosingBalanceMismatch',
    });
  });
  return errors;
}
