import { randomUUID } from 'node:crypto';
import { accounts } from '../accounts/account-kind.ts';
import { checkLineCurrency } from '../accounts/rules.ts';
import { drawSerial, giveBackSerial, mustGetJournal, putNewJournalOp, replaceJournalOp } from '../db/ledger/journal-store.ts';
import type { DraftJournal } from './records.ts';
import { fitsOneTransaction, inChunks, MAX_TRANSACTION_ITEMS, transactWrite } from '../db/table/transact.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { withEventSpread } from '../db/table/unit-of-work.ts';
import { draftSettingsCheckOp, settleAfterDraw, settledDraftSettings } from '../companies/draft-settings.ts';
import { VersionConflict } from '../errors.ts';
import { rateInEffect } from '../db/stores/exchange-rate-store.ts';
import { checkNotClosingJournal } from '../financial-years/closing-rules.ts';
import { draftDateChecks } from './find-period.ts';
import { referenceChanges } from './reference-ops.ts';
import { pinNode, pinYear, wantsPin } from '../db/capacity/use-pins.ts';
import type { YearRecord } from '../financial-years/records.ts';
import type { NodeRecord } from '../tree/records.ts';
import { pinCovers } from '../tree/use-pin.ts';
import { spreadsEvent } from '../events/pending-width.ts';
import { resolveLines } from './resolve-lines.ts';
import { calendarDate, checkTransition, fxRoundingLine, type Line } from './rules.ts';
import type { CreateJournalInput, UpdateJournalInput } from './schemas.ts';
import type { SettingsView } from '../companies/views.ts';
import { journalView, type JournalView } from './views.ts';

/**
 * The resolved lines (a foreign line converted at its rate, and where their rounding alone
 * unbalances the base amounts, the line that balances it on the rounding account), and the
 * writes that check at commit what they were checked against: the settings the amounts used
 * (kept per warm function: draft-settings.ts; not checked once they can no longer change under
 * the draft, unless it needs the rounding account), and that the year of the date still takes
 * drafts. The settings, the lines' references and the year are read at once.
 */
async function linesOf(companyId: string, input: CreateJournalInput) {
  const date = calendarDate(input.date);
  const settingsRead = settledDraftSettings(companyId);
  const moneyOf = (settings: SettingsView) => ({ baseCurrency: settings.baseCurrency, basePrecision: settings.decimalPrecision, date, rateOn: async (currency: string, on: string) => (await rateInEffect(companyId, currency, on))?.rate });
  const [{ settings, settled }, resolved, dateChecks] = await Promise.all([
    settingsRead,
    settingsRead.then(({ settings }) => resolveLines(companyId, input.entries, moneyOf(settings))),
    draftDateChecks(companyId, date),
  ]);
  const rounding = settings.fxRoundingAccountId ? fxRoundingLine(resolved.lines, settings.decimalPrecision, settings.fxRoundingAccountId, settings.baseCurrency) : undefined;
  if (rounding) await checkRoundingAccountCurrency(companyId, rounding);
  const lines = rounding ? [...resolved.lines, rounding] : resolved.lines;
  return { lines, checks: dateChecks.checks, settings: { used: settings, settled, rounding: rounding !== undefined }, pins: pinsOf(companyId, resolved.accounts, dateChecks.year) };
}

/** The check at commit that the settings the amounts used still hold: none for a settled copy, unless the draft needs the rounding account (it may change any time). */
const settingsChecks = (companyId: string, read: { used: SettingsView; settled: boolean; rounding: boolean }) =>
  read.settled && !read.rounding ? [] : [draftSettingsCheckOp(companyId, read.used)];

/**
 * The accounts whose use pin, as read, covers the draft (now, after the read: the later, the
 * less it covers), the pins this instance takes or renews beside the draft's commit, on the
 * busy accounts and year it names (use-pins.ts; docs/decisions.md, Capacity), and whether the
 * year's pin lets its event be spread (events/pending-width.ts).
 */
function pinsOf(companyId: string, read: readonly NodeRecord[], year: YearRecord | undefined) {
  const now = Date.now();
  const pinning = [...read.filter((a) => wantsPin(a, now)).map((a) => () => pinNode(accounts.store, companyId, a)), ...(year && wantsPin(year, now) ? [() => pinYear(companyId, year)] : [])];
  return { pinned: new Set(read.filter((a) => pinCovers(a.pinnedUntil, now)).map((a) => a.id)), pinning, spreadEvent: spreadsEvent(year?.pinnedUntil, now) };
}

/** The rounding line is in the base currency: its account must take it. Errors: ValidationError (AccountCurrency) naming `entries`. */
async function checkRoundingAccountCurrency(companyId: string, rounding: Line): Promise<void> {
  const account = await accounts.store.get(companyId, rounding.accountId);
  if (account) checkLineCurrency(account.attributes, rounding.currency!, 'entries', 'the rounding line this journal needs, on settings fxRoundingAccountId,');
}

/**
 * Creates a draft journal with the next serial number. Every reference is resolved and
 * checked before anything is written. Errors: NotFound naming the line, ValidationError
 * (CategoryAccount, InactiveCostCenter, AccountCurrency, UnsupportedCurrency, NoExchangeRate)
 * naming the line, StateConflict (YearClosed) naming `date`.
 */
export async function createJournal(uow: UnitOfWork, companyId: string, input: CreateJournalInput): Promise<JournalView> {
  const { lines, checks, settings, pins } = await linesOf(companyId, input);
  // Drawn only once the checks passed: drawing may advance the company's counter, a write a refused create must not make.
  const serialNumber = await drawSerial(companyId);
  // Drawn, the counter exists: an unsettled copy is settled by comparing it with one read since (no check of the settings item).
  if (!settings.settled) {
    try {
      await settleAfterDraw(companyId, settings.used);
    } catch (error) {
      giveBackSerial(companyId, serialNumber);
      throw error;
    }
  }
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
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  return commitDraft(uow, companyId, [putNewJournalOp(companyId, journal), ...settingsChecks(companyId, { ...settings, settled: true }), ...checks], journal, [], pins);
}

/**
 * Replaces a draft's date, lines and texts, versioned. A closing journal is never edited.
 * Errors: NotFound, VersionConflict, StateConflict (InvalidState, ClosingJournalReadOnly,
 * YearClosed), and those of createJournal.
 */
export async function updateJournal(uow: UnitOfWork, companyId: string, journalId: string, input: UpdateJournalInput): Promise<JournalView> {
  const before = await mustGetJournal(companyId, journalId);
  if (before.version !== input.version) throw new VersionConflict();
  checkTransition(before, 'Update');
  checkNotClosingJournal(before);
  const { lines, checks, settings, pins } = await linesOf(companyId, input);
  const after: DraftJournal = {
    ...before,
    date: input.date,
    calendarDate: calendarDate(input.date),
    description: input.description,
    reference: input.reference,
    entries: lines,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  return commitDraft(uow, companyId, [replaceJournalOp(companyId, before, after), ...settingsChecks(companyId, settings), ...checks], after, before.entries, pins);
}

/** Reference pairs (check and usage item) per transaction of a wide draft's first writes. */
const PAIRS_PER_TRANSACTION = Math.floor(MAX_TRANSACTION_ITEMS / 2);

/**
 * Commits a draft with the writes recording what it names (writeDraft), while this instance
 * takes or renews the pins of the busy accounts and year it names: a pin spares later drafts their
 * check, this one checks what it read.
 */
async function commitDraft(uow: UnitOfWork, companyId: string, write: Change[], journal: DraftJournal, previous: readonly Line[], pins: ReturnType<typeof pinsOf>): Promise<JournalView> {
  const { adds, removes } = referenceChanges(companyId, journal.id, journal.entries, previous, { pinned: pins.pinned });
  const [view] = await Promise.all([writeDraft(uow, write, journal, adds, removes, pins.spreadEvent), ...pins.pinning.map((pin) => pin())]);
  return view;
}

/**
 * In one transaction when they fit; for a wide draft, the new references first, in chunks (each
 * usage item protects its account or cost center from deletion from then on), then the draft,
 * then the dropped references' usage items. A failure between them leaves at most usage items
 * no journal names, which stop counting after their lease (node-usage.ts); the draft itself is
 * written whole or not at all.
 */
async function writeDraft(uow: UnitOfWork, write: Change[], journal: DraftJournal, adds: Change[][], removes: Change[], spreadEvent: boolean): Promise<JournalView> {
  const all = [...write, ...adds.flat(), ...removes];
  if (fitsOneTransaction(all)) return uow.commit(withEventSpread(all, spreadEvent), journalView(journal));
  for (const pairs of inChunks(adds, PAIRS_PER_TRANSACTION)) await transactWrite(pairs.flat());
  const view = await uow.commit(withEventSpread(write, spreadEvent), journalView(journal));
  // The draft is committed: usage items left behind by a failure here stop counting after their lease.
  for (const chunk of inChunks(removes, MAX_TRANSACTION_ITEMS)) await transactWrite(chunk).catch(() => undefined);
  return view;
}
