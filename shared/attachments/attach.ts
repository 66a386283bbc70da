import type { AttachmentRecord, JournalAttachment } from './records.ts';

/**
 * A file uploaded to the company, put on a journal by a journals import (pure; docs/decisions.md,
 * Source documents, "Files uploaded before their journal"): its record under the journal, at the
 * next version, locked until the date the journal's year asks (`retainUntil`); its object stays
 * under the company's key. The company's record stays too, marked `attachedTo` the journal, so a
 * read of it finds the journal's and no second journal can take the file.
 */
export function attachedRecord(file: { record: AttachmentRecord; retainUntil: string }, journalId: string): JournalAttachment {
  const { attachedTo: _attachedTo, ...record } = file.record;
  return { ...record, journalId, retainUntil: file.retainUntil, version: record.version + 1 };
}
