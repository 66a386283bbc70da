import { VersionConflict, type AppError } from '../../errors.ts';
import type { JournalRecord } from '../../journals/records.ts';
import * as keys from '../table/keys.ts';
import { conditions, mainTable, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { withoutPlacement } from './placement.ts';

/**
 * A journal's item as written, new or in place of the state it was read in: apart from reading
 * journals (journal-store.ts), so a write that only puts new journals (a revaluation) loads none
 * of the reads. A journal item carries its lines (at most MAX_LINES, well under the 400 KB item limit).
 */

function journalItem(companyId: string, record: JournalRecord): Item {
  // The service's write is digested whole by its event: fields filled from history are marked no more.
  const { authorsFromHistory: _filled, ...written } = record;
  // A journal holding no posting (a draft, submitted, approved, or a voided draft) keeps no placement.
  const journal = 'periodId' in written && written.periodId !== undefined ? written : withoutPlacement(written);
  return {
    ...keys.journal(companyId, journal.id),
    ...keys.journalByDate(companyId, journal.calendarDate, new Date(journal.date).toISOString(), journal.id),
    ...keys.journalBySerial(companyId, journal.serialNumber, journal.id),
    entity: 'Journal',
    ...journal,
    searchText: [journal.serialNumber, journal.description, journal.reference].filter(Boolean).join(' ').toLowerCase(),
  };
}

/** Writes a new journal; `ifWritten` is the error when it exists already (by default, a version conflict). */
export function putNewJournalOp(companyId: string, journal: JournalRecord, ifWritten?: () => AppError): WriteOp {
  return mainTable.put(journalItem(companyId, journal), { condition: conditions.absent, ...(ifWritten ? { onConditionFailed: ifWritten } : {}) });
}

/** Replaces a journal, conditionally on the version and status it was read with. */
export function replaceJournalOp(companyId: string, before: JournalRecord, after: JournalRecord): WriteOp {
  return mainTable.put(journalItem(companyId, after), {
    condition: conditions.all(conditions.atVersion(before.version), { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': before.status } }),
    onConditionFailed: () => new VersionConflict(),
  });
}
