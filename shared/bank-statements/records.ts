import type { RowError } from '../imports/records.ts';

/**
 * Bank statements as the parsers read them from a bank's file (pure types): camt.053 (XML),
 * SWIFT MT940 and CSV. A file may hold several statements; each is checked on its own
 * (docs/decisions.md, "Bank statements").
 */
export const STATEMENT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export interface StatementBalance {
  /** Signed decimal text at the currency's minor units: below zero when the bank marks it debit. */
  amount: string;
  /** YYYY-MM-DD. */
  date: string;
}

export interface StatementLine {
  /** The bank's reference of the line: the key a re-run of the same file recognises it by. */
  bankReference: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  /** YYYY-MM-DD (the booking date where the file gives none). */
  valueDate: string;
  /** Signed decimal text: above zero for money into the account (credit), below for money out. */
  amount: string;
  description: string;
  endToEndId?: string;
  structuredReference?: string;
  counterpartyName?: string;
  reversal: boolean;
  /** MT940 and CSV: the 1-based line of the file; camt.053: the 1-based ordinal of the entry (Ntry) in the file. */
  source: { row: number };
}

export interface ParsedStatement {
  statementId: string;
  account: { iban?: string; number?: string };
  /** ISO 4217. */
  currency: string;
  openingBalance: StatementBalance;
  closingBalance: StatementBalance;
  lines: StatementLine[];
}

export const STATEMENT_ERROR_CODES = [
  // The file as a whole.
  'TooLarge',
  'TooManyLines',
  'Malformed',
  // A statement's structure: a balance, the account or the id missing or twice.
  'InvalidStatement',
  'UnbalancedStatement',
  // A value.
  'InvalidAmount',
  'InvalidMark',
  'InvalidDate',
  'UnknownCurrency',
  'CurrencyMismatch',
  'MissingReference',
  'Required',
  // The CSV header.
  'UnknownColumn',
  'MissingColumn',
  'DuplicateColumn',
] as const;
export type StatementErrorCode = (typeof STATEMENT_ERROR_CODES)[number];

/** As the imports' RowError: `row` as `source.row` (0: the file as a whole), `field` the tag, element path or column. */
export interface StatementError extends RowError {
  code: StatementErrorCode;
}

export interface ParseResult {
  /** The statements that passed every check; one with any error is left out whole. */
  statements: ParsedStatement[];
  errors: StatementError[];
}

/** Bounds of the work one file may ask for: its size, and its statement lines over all its statements. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 10_000;
