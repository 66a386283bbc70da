import type { YearRecord } from '../../financial-years/records.ts';
import type { DraftJournal, UnpostedJournal } from '../../journals/records.ts';
import type { DraftCreating, DraftRead, DraftUpdating, DraftYear } from '../../journals/store.ts';
import type { NodeRecord } from '../../tree/records.ts';
import type { Change, UnitOfWork } from '../../unit-of-work.ts';
import { wantsPin } from '../capacity/busy-records.ts';
import { pinCovers } from '../capacity/pin-rules.ts';
import { pinOf } from '../capacity/pinned.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { pinNode, pinYear } from '../capacity/use-pins.ts';
import { spreadsEvent } from '../events/pending-width.ts';
import { getCounterparties } from '../stores/counterparty-store.ts';
import { rateOn } from '../stores/exchange-rate-store.ts';
import { accountLines, costCenterLines } from '../stores/nodes/line-nodes.ts';
import { getTaxCodesByCode } from '../stores/tax-code-store.ts';
import { fitsOneTransaction, inChunks, MAX_TRANSACTION_ITEMS, transactWrite, writesOf, type WriteOp } from '../table/transact.ts';
import { withEventSpread } from '../table/unit-of-work.ts';
import { putNewJournalOp, replaceJournalOp } from './journal-items.ts';
import { drawSerial, giveBackSerial } from './journal-serials.ts';
import { mustGetJournal } from './journal-store.ts';
import { draftDateChecks, type DraftDateChecks } from './posting-periods.ts';
import { referenceChanges } from './reference-changes.ts';

/**
 * The journal books as saving a draft takes them (shared/journals/store.ts, DraftBooks) on
 * DynamoDB: the draft's reads, and its commit checking a guard or nothing under a covering use
 * pin, a busy record pinned beside the commit, its event spread under the year's pin, and a
 * draft too wide for one transaction written in steps. Apart from posting (books-store.ts).
 */

/**
 * The accounts whose use pin, as read, covers the draft (now, after the read: the later, the
 * less it covers), the pins this instance takes or renews beside the draft's commit, on the
 * busy accounts and year it names (use-pins.ts; docs/decisions.md, Capacity), and whether the
 * year's pin lets its event be spread (events/pending-width.ts).
 */
function pinsOf(companyId: string, read: readonly NodeRecord[], year: YearRecord | undefined) {
  const now = Date.now();
  const pinning = [...read.filter((a) => wantsPin(a, now)).map((a) => () => pinNode(accountLines, companyId, a)), ...(year && wantsPin(year, now) ? [() => pinYear(companyId, year)] : [])];
  return { pinned: new Set(read.filter((a) => pinCovers(pinOf(a), now)).map((a) => a.id)), pinning, spreadEvent: spreadsEvent(year && pinOf(year), now) };
}

/** Reference pairs (check and usage item) per transaction of a wide draft's first writes. */
const PAIRS_PER_TRANSACTION = Math.floor(MAX_TRANSACTION_ITEMS / 2);

/**
 * In one transaction when they fit; for a wide draft, the new references first, in chunks (each
 * usage item protects its account or cost center from deletion from then on), then the draft,
 * then the dropped references' usage items. A failure between them leaves at most usage items
 * no journal names, which stop counting after their lease (node-usage.ts); the draft itself is
 * written whole or not at all.
 */
async function writeDraft<T>(uow: UnitOfWork, write: WriteOp[], adds: WriteOp[][], removes: WriteOp[], spreadEvent: boolean, response: T): Promise<T> {
  const all = [...write, ...adds.flat(), ...removes];
  if (fitsOneTransaction(all)) return uow.commit(withEventSpread(all, spreadEvent), response);
  for (const pairs of inChunks(adds, PAIRS_PER_TRANSACTION)) await transactWrite(pairs.flat());
  const answer = await uow.commit(withEventSpread(write, spreadEvent), response);
  // The draft is committed: usage items left behind by a failure here stop counting after their lease.
  for (const chunk of inChunks(removes, MAX_TRANSACTION_ITEMS)) await transactWrite(chunk).catch(() => undefined);
  return answer;
}

/**
 * The draft with the writes recording what it names (referenceChanges), while this instance
 * takes or renews the pins of the busy accounts and year it names: a pin spares later drafts
 * their check, this one checks what it read.
 */
async function draftSaved<T>(uow: UnitOfWork, companyId: string, { before, after }: { before?: UnpostedJournal; after: DraftJournal }, read: DraftRead, checks: readonly Change[], response: T): Promise<T> {
  const year = read.year as DraftDateChecks;
  const pins = pinsOf(companyId, read.accounts, year.year);
  const write = [before ? replaceJournalOp(companyId, before, after) : putNewJournalOp(companyId, after), ...writesOf(checks), ...year.checks];
  const { adds, removes } = referenceChanges(companyId, after.id, after.entries, before?.entries ?? [], { pinned: pins.pinned });
  const [answer] = await Promise.all([writeDraft(uow, write, adds, removes, pins.spreadEvent, response), ...pins.pinning.map((pin) => pin())]);
  return answer;
}

const draftYear = (companyId: string, date: string): Promise<DraftYear> => draftDateChecks(companyId, date);

/**
 * The books as creating or updating a draft needs them: the functions that only save drafts
 * bundle none of the posting (books-store.ts), and an update none of the serial numbers.
 */
export const draftCreatingStore: DraftCreating = {
  settings: settledSettings,
  accounts: accountLines,
  costCenters: costCenterLines,
  rateOn,
  taxCodes: getTaxCodesByCode,
  counterparties: getCounterparties,
  nextSerial: drawSerial,
  serialUnused: giveBackSerial,
  draftYear,
  draftSaved,
};

export const draftUpdatingStore: DraftUpdating = {
  existingJournal: mustGetJournal,
  settings: settledSettings,
  accounts: accountLines,
  costCenters: costCenterLines,
  rateOn,
  taxCodes: getTaxCodesByCode,
  counterparties: getCounterparties,
  draftYear,
  draftSaved,
};
