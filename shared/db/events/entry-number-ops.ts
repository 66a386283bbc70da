import type { EntryNumber } from '../../audit/entry-numbers.ts';
import * as keys from '../table/keys.ts';
import { conditions, mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { SequenceMoved } from './event-store.ts';

/**
 * A journal's entry number (audit/entry-numbers.ts), written with the event that gave it: only
 * if the journal has none (SequenceMoved: another sequencer wrote it first).
 */
export function entryNumberOp(companyId: string, entry: EntryNumber): WriteOp {
  return mainTable.put(
    { ...keys.journalEntryNumber(companyId, entry.journalId), entity: 'JournalEntryNumber', journalId: entry.journalId, entryNumber: entry.entryNumber, sequence: entry.sequence },
    { condition: conditions.absent, onConditionFailed: () => new SequenceMoved() },
  );
}
