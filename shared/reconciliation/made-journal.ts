import { AppError, StateConflict } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import { createJournal } from '../journals/write-journal.ts';
import type { JournalRecord } from '../journals/records.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import type { JournalView } from '../journals/views.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { StatementLineRecord } from './records.ts';
import type { BankAccountFacts, LineJournaling } from './store.ts';

/**
 * Journals the service makes from a statement line (a bank charge, the difference of a match
 * within a tolerance): a draft of two lines, linked to its statement line in its own write, so a
 * request sent again goes on with it rather than make another. docs/decisions.md, "Bank
 * reconciliation".
 */

/** What the journal made holds: the bank account's line of `amount` (signed as the bank signs it), the other side on `accountId`. */
export interface MadeJournal {
  amount: string;
  accountId: string;
  costCenterId?: string | null | undefined;
  description?: string | undefined;
  /** Where the request names the other side's fields (`''`, `difference.`): the draft's errors are renamed to it. */
  fields: string;
}

/** The journal made from the line before (named by its link), unless voided or discarded since. */
export async function madeJournalOf(port: Pick<LineJournaling, 'journal'>, companyId: string, line: StatementLineRecord): Promise<JournalRecord | undefined> {
  const linked = line.journalId ? await port.journal(companyId, line.journalId) : undefined;
  return linked && linked.status !== 'voided' ? linked : undefined;
}

/**
 * The draft made from the line, dated its booking date, written with the line linked to it (from
 * the journal it named, if one, since voided or discarded) and its JournalCreated event: a
 * request that made one meanwhile, or matched the line, wins, this one refused (409 Conflict).
 */
export async function linkedDraft(port: LineJournaling, uow: UnitOfWork, companyId: string, bank: BankAccountFacts, line: StatementLineRecord, made: MadeJournal): Promise<JournalRecord> {
  const created = port.units(uow.actor, (view) => writtenRecordEvent('JournalCreated', companyId, uow.actor, view));
  const taken = () => new StateConflict('Conflict', `Another request made a journal of statement line ${line.bankReference} or matched it meanwhile: read the line again.`, `${made.fields}bankReference`);
  const linking: UnitOfWork = {
    actor: uow.actor,
    commit: (changes, response, options) => created.commit([...changes, port.lineJournalChange(line, (response as JournalView).id, line.journalId, taken)], response, options),
  };
  // Signed as the bank signs it: money in is a debit of the bank account.
  const out = made.amount.startsWith('-');
  const [bankSide, otherSide] = out ? ([CREDIT, DEBIT] as const) : ([DEBIT, CREDIT] as const);
  const money = { amount: out ? made.amount.slice(1) : made.amount, currency: bank.currency };
  const view = await createJournal(port.draftBooks, linking, companyId, {
    // The start of the booking day, UTC, as a plain date sent to Journals is taken.
    date: `${line.bookingDate}T00:00:00Z`,
    description: made.description ?? (line.description.slice(0, 500) || `Statement line ${line.bankReference}`),
    reference: line.bankReference.slice(0, 100),
    entries: [
      { accountId: line.accountId, side: bankSide, ...money },
      { accountId: made.accountId, side: otherSide, ...money, ...(made.costCenterId ? { costCenterId: made.costCenterId } : {}) },
    ],
  }).catch((error: unknown) => {
    // The journal's fields as the request names them: its second line is the request's account.
    if (error instanceof AppError) for (const item of error.items) item.name = made.fields + item.name.replace(/^entries\[1\]\./, '').replace(/^entries(\[0\])?(\.\w+)?$/, 'accountId');
    throw error;
  });
  return (await port.journal(companyId, view.id))!;
}
