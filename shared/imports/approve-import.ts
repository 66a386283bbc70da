import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import { personsOf } from '../approval-policies/persons.ts';
import type { FactReads, KeyMakers, NodeParents } from '../approval-policies/store.ts';
import { NotFound, StateConflict, VersionConflict } from '../errors.ts';
import { writtenRecordEvent, type EventRecord } from '../events/event-record.ts';
import { withApproval, type Approver } from '../journals/approve-journal.ts';
import type { ApprovedJournal, JournalRecord, SubmittedJournal } from '../journals/records.ts';
import { journalView } from '../journals/views.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import type { ImportJob } from './records.ts';

export type ImportApprovalView = ResponseOf<'ImportApprovalResponse'>;

/** The most journals asking approval one import's approval takes: each is a write of its own, and the act must end within a request. */
export const IMPORT_APPROVAL_LIMIT = 1_000;
/** Journals approved side by side. */
const AT_ONCE = 16;
/** Skipped journals the answer lists (it counts them all). */
const LISTED_SKIPPED = 100;

/** What approving an import's journals needs of the place they are kept (shared/db implements it). */
export interface ImportApproving extends FactReads, KeyMakers {
  job(companyId: string, importId: string): Promise<ImportJob | undefined>;
  approvalPolicy(companyId: string): Promise<ApprovalPolicyRecord | undefined>;
  /** The ids of the import's journals (serial numbers `from` to `to`) asking approval, at most `limit + 1`. */
  journalsAsking(companyId: string, importId: string, serials: { from: number; to: number }, limit: number): Promise<string[]>;
  /** Journals by id, strongly consistent. */
  journals(companyId: string, ids: readonly string[]): Promise<JournalRecord[]>;
  /** The journal replaced at the version and status it was read with (VersionConflict otherwise), with its event. */
  approvalChanges(companyId: string, before: JournalRecord, after: JournalRecord, event: EventRecord): Change[];
  commit(changes: readonly Change[]): Promise<void>;
}

/**
 * Approves, as one act, every journal an import wrote that asks approval (an import writes the
 * drafts the policy holds submitted, in its creator's name): each journal gets the approver's
 * approval as Approve would give it, in a write of its own with its JournalApproved event, and
 * the act answers what became of them. The import's creator may not approve it (nor a key
 * either made). A journal its approver last edited, approved already by them, or changed by
 * another request meanwhile is skipped and listed. Sent again (after a timeout), it approves
 * what is still asking and skips what it approved already. Errors: NotFound, StateConflict
 * (InvalidState, SelfApproval, NothingToApprove, TooManyToApprove).
 */
export async function approveImport(books: ImportApproving, uow: UnitOfWork, companyId: string, importId: string): Promise<ImportApprovalView> {
  const [job, policy] = await Promise.all([books.job(companyId, importId), books.approvalPolicy(companyId)]);
  if (!job) throw new NotFound('The import');
  const serialBase = job.progress.serialBase;
  if (job.kind !== 'journals' || job.dryRun || serialBase === undefined) {
    throw new StateConflict('InvalidState', 'Only the journals a journal import wrote can be approved together: this import wrote none.');
  }
  if (job.status === 'queued' || job.status === 'running') throw new StateConflict('InvalidState', 'The import is still running: approve its journals once it has ended.');
  const approver: Approver = { actor: uow.actor!, personOf: personsOf(books, companyId) };
  const [person, importer] = await Promise.all([approver.actor, job.createdBy].map(approver.personOf));
  if (person === importer) throw new StateConflict('SelfApproval', 'You asked for this import (an API key counts as the user who made it): another person must approve its journals.');

  const ids = await books.journalsAsking(companyId, importId, { from: serialBase, to: serialBase + (job.progress.planned ?? 0) - 1 }, IMPORT_APPROVAL_LIMIT);
  if (ids.length > IMPORT_APPROVAL_LIMIT) {
    throw new StateConflict('TooManyToApprove', `The import has more than ${IMPORT_APPROVAL_LIMIT} journals asking approval, more than one approval takes: approve them one by one (POST .../Journals/{id}/Approve).`);
  }
  if (ids.length === 0) throw new StateConflict('NothingToApprove', 'No journal of this import asks approval (the policy held none of them, or they were approved, rejected or changed since).');

  const reads = cachedReads(books);
  const at = new Date().toISOString();
  const outcomes: Outcome[] = [];
  for (let i = 0; i < ids.length; i += AT_ONCE) {
    const journals = await books.journals(companyId, ids.slice(i, i + AT_ONCE));
    outcomes.push(...(await Promise.all(journals.map((journal) => approveOne(books, reads, uow, companyId, journal, approver, policy, at)))));
  }
  const skipped = outcomes.filter((o): o is Skipped => 'code' in o);
  const approved = outcomes.filter((o): o is SubmittedJournal | ApprovedJournal => !('code' in o));
  const response: ImportApprovalView = {
    importId,
    approvedBy: approver.actor,
    approvedAt: at,
    asking: ids.length,
    approved: approved.length,
    completed: approved.filter((j) => j.status === 'approved').length,
    skipped: skipped.slice(0, LISTED_SKIPPED),
    skippedCount: skipped.length,
  };
  return uow.commit([], response);
}

type Skipped = ImportApprovalView['skipped'][number];
type Outcome = SubmittedJournal | ApprovedJournal | Skipped;

/** One journal's approval, written with its event; or why it was skipped. */
async function approveOne(books: ImportApproving, reads: FactReads, uow: UnitOfWork, companyId: string, journal: JournalRecord, approver: Approver, policy: ApprovalPolicyRecord | undefined, at: string): Promise<Outcome> {
  const skip = (code: string, reason: string): Skipped => ({ journalId: journal.id, serialNumber: journal.serialNumber, code, reason });
  // Read again after the index named it: another request may have moved it on.
  if (journal.status !== 'submitted') return skip('Conflict', `It is ${journal.status} now, no longer asking approval.`);
  try {
    const after = await withApproval(reads, companyId, journal, approver, policy, at);
    const event = writtenRecordEvent('JournalApproved', companyId, uow.actor, journalView(after), new Date(at));
    await books.commit(books.approvalChanges(companyId, journal, after, event));
    return after;
  } catch (error) {
    if (error instanceof VersionConflict) return skip('Conflict', 'Another request changed it meanwhile: read it and approve it on its own.');
    if (error instanceof StateConflict) return skip(error.items[0]!.code, error.items[0]!.reason);
    throw error;
  }
}

/** The rules' reads, each account and cost center read once for the whole act (journals of one import name the same few). */
function cachedReads(books: FactReads): FactReads {
  const cached = (nodes: NodeParents): NodeParents => {
    const known = new Map<string, { id: string; parentId: string | null } | null>();
    return {
      async getMany(companyId, ids) {
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length > 0) {
          const found = await nodes.getMany(companyId, missing);
          for (const id of missing) known.set(id, null);
          for (const node of found) known.set(node.id, { id: node.id, parentId: node.parentId });
        }
        return ids.flatMap((id) => known.get(id) ?? []);
      },
    };
  };
  let settings: ReturnType<FactReads['settings']['read']> | undefined;
  return { accounts: cached(books.accounts), costCenters: cached(books.costCenters), settings: { read: (companyId) => (settings ??= books.settings.read(companyId)) } };
}
