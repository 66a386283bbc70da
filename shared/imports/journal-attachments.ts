import type { AttachmentRecord } from '../attachments/records.ts';
import { attachedRetainUntil } from '../attachments/retention.ts';
import { MAX_ATTACHMENTS_PER_JOURNAL } from '../attachments/rules.ts';
import type { RowFields } from './row-fields.ts';
import type { SourceRow } from './read-rows.ts';

/**
 * Files a journals import puts on the journals it writes (pure; docs/decisions.md, Imports,
 * "Source documents named by an import"). A row's `attachmentIds` lists files uploaded to the
 * company without a journal (`POST .../Attachments`), separated by spaces, commas or semicolons
 * (a JSON row may give an array); a journal takes the files its rows name. Each must be one of
 * the company's files, available (checked in storage as declared), on no journal yet, and named
 * by one journal of the file; a journal takes at most as many as a journal holds. A file this
 * very job attached (a resumed job) is recognised by its journal's id and planned again.
 */

/** A file a journal of the import takes, with the date its lock runs to once on that journal. */
export interface PlannedAttachment {
  record: AttachmentRecord;
  retainUntil: string;
}

/** What the check knows of the files a file names: the company's uploads among them (by id), and the company's retention. */
export interface ImportFiles {
  named: ReadonlyMap<string, AttachmentRecord>;
  retentionYears: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idsIn = (text: string) => text.split(/[\s,;]+/).filter((id) => id !== '');

/** Every well-formed id the rows name (the check reads those files once, in one batch). */
export function namedAttachmentIds(rows: readonly SourceRow[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) for (const id of idsIn(row.values.attachmentIds ?? '')) if (UUID.test(id)) ids.add(id.toLowerCase());
  return [...ids];
}

/** The ids a row names (lower case, each once); an id that is no UUID is an error naming `attachmentIds`. */
export function rowAttachmentIds(fields: RowFields): string[] | undefined {
  const text = fields.text('attachmentIds');
  if (text === undefined) return undefined;
  const ids = idsIn(text);
  const malformed = ids.find((id) => !UUID.test(id));
  if (malformed !== undefined) {
    fields.fail('attachmentIds', `must list the ids (UUIDs) of files uploaded to the company, separated by spaces, commas or semicolons; "${malformed}" is not one`);
    return undefined;
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** A row of a journal with the ids it names. */
export interface NamingRow {
  fields: RowFields;
  attachmentIds?: string[] | undefined;
}

/**
 * The files the journal's rows name, each to be locked until the company's years after the
 * journal's financial year (or longer, as it is), or undefined when any is refused: an error on
 * the row naming it, field `attachmentIds` (NotFound, AttachmentNotAvailable, AttachmentInUse,
 * TooManyAttachments). `claimed` holds the files earlier journals of the file took (by id, the
 * journal's reference), and takes this journal's.
 */
export function journalAttachments(
  files: ImportFiles,
  rows: readonly NamingRow[],
  journal: { id: string; reference?: string | undefined; dates: readonly string[] },
  financialYears: ReadonlyArray<{ startDate: string; endDate: string }>,
  claimed: Map<string, string>,
): PlannedAttachment[] | undefined {
  const planned: PlannedAttachment[] = [];
  let refused = false;
  for (const row of rows) {
    for (const id of row.attachmentIds ?? []) {
      if (planned.some((p) => p.record.id === id)) continue;
      const problem = refusal(files.named.get(id), id, journal.id, claimed);
      if (problem) {
        row.fields.fail('attachmentIds', problem.reason, problem.code);
        refused = true;
        continue;
      }
      const record = files.named.get(id)!;
      planned.push({ record, retainUntil: attachedRetainUntil(record.retainUntil, journal.dates, financialYears, files.retentionYears).toISOString() });
    }
  }
  if (planned.length > MAX_ATTACHMENTS_PER_JOURNAL) {
    const first = rows.find((r) => r.attachmentIds?.length)!;
    first.fields.fail('attachmentIds', `the rows of journal ${journal.reference} name ${planned.length} files; a journal holds at most ${MAX_ATTACHMENTS_PER_JOURNAL}`, 'TooManyAttachments');
    refused = true;
  }
  if (refused) return undefined;
  for (const p of planned) claimed.set(p.record.id, journal.reference ?? journal.id);
  return planned;
}

/** Why the file cannot go on the journal, or undefined when it can. */
function refusal(record: AttachmentRecord | undefined, id: string, journalId: string, claimed: ReadonlyMap<string, string>): { reason: string; code: string } | undefined {
  if (!record) return { reason: `names no file uploaded to the company (${id}): declare it with POST .../Attachments, upload it, then name it`, code: 'NotFound' };
  // Attached to this very journal by this job (a resumed job): planned again, as the journal is.
  if (record.attachedTo === journalId) return undefined;
  if (record.attachedTo !== undefined) return { reason: `names a file on journal ${record.attachedTo} already (${id}): a file belongs to one journal`, code: 'AttachmentInUse' };
  const by = claimed.get(id);
  if (by !== undefined) return { reason: `names a file journal ${by} of this file takes already (${id}): a file belongs to one journal`, code: 'AttachmentInUse' };
  if (record.status !== 'available') {
    const why = record.status === 'pending' ? 'its upload has not arrived or not been checked yet (GET it to check it)' : record.status === 'rejected' ? `storage holds another file than the one declared (${record.rejection ?? 'rejected'})` : 'it was removed';
    return { reason: `names a file that is ${record.status} (${id}): ${why}; only an available file goes on a journal`, code: 'AttachmentNotAvailable' };
  }
  return undefined;
}
