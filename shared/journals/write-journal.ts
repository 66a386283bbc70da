import { randomUUID } from 'node:crypto';
import { checkLineCurrency } from '../accounts/rules.ts';
import type { DraftJournal } from './records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { VersionConflict } from '../errors.ts';
import { checkCounterparties, namedCounterparties, resolveLines, withTax } from './resolve-lines.ts';
import { calendarDate, checkNotClosingJournal, checkTransition, fxRoundingLine, type Line } from './rules.ts';
import type { CreateJournalInput, UpdateJournalInput } from './schemas.ts';
import type { DraftBooks, DraftCreating, DraftUpdating } from './store.ts';
import type { SettingsRecord } from '../companies/records.ts';
import { journalView, type JournalView } from './views.ts';

/**
 * The resolved lines (a foreign line converted at its rate, and where their rounding alone
 * unbalances the base amounts, the line that balances it on the rounding account), and what
 * the draft is checked against at commit: the settings the amounts used (kept per warm
 * function: the books' `settings`; not checked once they can no longer change under the draft,
 * unless it needs the rounding account), and as read (`read`), the year of the date (it must
 * still take drafts) and the accounts the lines name. The settings, the lines' references, the
 * counterparties they name and the year are read at once.
 */
async function linesOf(books: DraftBooks, companyId: string, input: CreateJournalInput) {
  const date = calendarDate(input.date);
  const settingsRead = books.settings.read(companyId);
  const moneyOf = (settings: SettingsRecord) => ({ baseCurrency: settings.baseCurrency, basePrecision: settings.decimalPrecision, date, rateOn: (currency: string, on: string) => books.rateOn(companyId, currency, on) });
  const [settingsUsed, resolved, counterparties, year] = await Promise.all([
    settingsRead,
    settingsRead.then(({ settings }) => resolveLines(books, companyId, input.entries, moneyOf(settings))),
    namedCounterparties(books, companyId, input.entries),
    books.draftYear(companyId, date),
  ]);
  checkCounterparties(input.entries, counterparties);
  const { settings } = settingsUsed;
  const taxed = await withTax(books, companyId, input.entries, resolved, { ...settings, date, amountsIncludeTax: input.amountsIncludeTax ?? false });
  const rounding = settings.fxRoundingAccountId ? fxRoundingLine(taxed.lines, settings.decimalPrecision, settings.fxRoundingAccountId, settings.baseCurrency) : undefined;
  if (rounding) await checkRoundingAccountCurrency(books, companyId, rounding);
  const lines = rounding ? [...taxed.lines, rounding] : taxed.lines;
  return { lines, read: { year, accounts: taxed.accounts }, settings: { used: settingsUsed, rounding: rounding !== undefined } };
}

/** The rounding line is in the base currency: its account must take it. Errors: ValidationError (AccountCurrency) naming `entries`. */
async function checkRoundingAccountCurrency(books: DraftBooks, companyId: string, rounding: Line): Promise<void> {
  const account = await books.accounts.get(companyId, rounding.accountId);
  if (account) checkLineCurrency(account.attributes, rounding.currency!, 'entries', 'the rounding line this journal needs, on settings fxRoundingAccountId,');
}

/**
 * Creates a draft journal with the next serial number. Every reference is resolved and
 * checked before anything is written; a line naming a tax code is taxed (line-tax.ts), its tax
 * lines naming its counterparty. Errors: NotFound naming the line, ValidationError
 * (CategoryAccount, InactiveCostCenter, AccountCurrency, UnsupportedCurrency, NoExchangeRate,
 * UnknownTaxCode, InactiveTaxCode, NoTaxRate, TaxAccount, TaxAmountOff, TooManyLines,
 * UnknownCounterparty, InactiveCounterparty) naming the line, StateConflict (YearClosed) naming
 * `date`.
 */
export async function createJournal(books: DraftCreating, uow: UnitOfWork, companyId: string, input: CreateJournalInput): Promise<JournalView> {
  const { lines, read, settings } = await linesOf(books, companyId, input);
  // Drawn only once the checks passed: drawing may advance the company's counter, a write a refused create must not make.
  const serialNumber = await books.nextSerial(companyId);
  // Refused once drawn (its settings changed meanwhile), the number goes back unused.
  const settingsHold = await books.settings.stillHold(companyId, settings.used, { rounding: settings.rounding, serialDrawn: true }).catch((error: unknown) => {
    books.serialUnused(companyId, serialNumber);
    throw error;
  });
  const id = randomUUID();
  const now = new Date().toISOString();
  const journal: DraftJournal = {
    id,
    serialNumber,
    date: input.date,
    calendarDate: calendarDate(input.date),
    description: input.description,
    reference: input.reference,
    entries: lines,
    ...(input.amountsIncludeTax !== undefined ? { amountsIncludeTax: input.amountsIncludeTax } : {}),
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: uow.actor,
    editedBy: uow.actor,
    updatedBy: uow.actor,
  };
  return books.draftSaved(uow, companyId, { after: journal }, read, settingsHold, journalView(journal));
}

/**
 * Replaces a draft's date, lines and texts, versioned; a journal asking or holding its approval
 * goes back to draft, its approvals dropped. A closing journal is never edited.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, ClosingJournalReadOnly,
 * YearClosed), and those of createJournal.
 */
export async function updateJournal(books: DraftUpdating, uow: UnitOfWork, companyId: string, journalId: string, input: UpdateJournalInput): Promise<JournalView> {
  const before = await books.existingJournal(companyId, journalId);
  if (before.version !== input.version) throw new VersionConflict();
  checkTransition(before, 'Update');
  checkNotClosingJournal(before);
  const { lines, read, settings } = await linesOf(books, companyId, input);
  // An edit takes a journal asking or holding its approval back to draft: what was approved is no longer what it holds.
  const { submittedBy: _asked, submittedAt: _askedAt, approvals: _given, ...fields } = before;
  const after: DraftJournal = {
    ...fields,
    status: 'draft',
    date: input.date,
    calendarDate: calendarDate(input.date),
    description: input.description,
    reference: input.reference,
    entries: lines,
    amountsIncludeTax: input.amountsIncludeTax,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    editedBy: uow.actor,
    updatedBy: uow.actor,
  };
  const settingsHold = await books.settings.stillHold(companyId, settings.used, { rounding: settings.rounding, serialDrawn: false });
  return books.draftSaved(uow, companyId, { before, after }, read, settingsHold, journalView(after));
}
