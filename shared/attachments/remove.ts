import { NotFound, StateConflict, VersionConflict } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { JournalAttachment } from './records.ts';
import { REMOVABLE_IN } from './rules.ts';
import type { AttachmentRemoving } from './store.ts';
import { attachmentView, type AttachmentView } from './view.ts';

/**
 * Takes an attachment off its journal while the journal is unposted (draft, submitted or
 * approved): the record stays, `removed`, and so does its file (the bucket keeps every object
 * for its retention). It still counts among the journal's 25. docs/decisions.md, "Source documents".
 * Errors: NotFound, VersionConflict, StateConflict (AttachmentLocked: the journal is posted,
 * reversed, voided, or posting; InvalidState: removed already).
 */
export async function removeAttachment(attachments: AttachmentRemoving, uow: UnitOfWork, companyId: string, journalId: string, attachmentId: string, input: { version: number }): Promise<AttachmentView> {
  const before = (await attachments.get(companyId, journalId, attachmentId)) ?? NotFound.throw('The attachment');
  if (before.version !== input.version) throw new VersionConflict();
  if (before.status === 'removed') throw new StateConflict('InvalidState', 'The attachment is removed already.');
  const after: JournalAttachment = { ...before, journalId, status: 'removed', version: before.version + 1 };
  const view = attachmentView(after);
  return uow.commit(attachments.removeChanges({ ...before, journalId }, after, { removableIn: REMOVABLE_IN }, { locked: attachmentLocked, gone: () => new NotFound('The journal') }), view);
}

/** 409 AttachmentLocked: the journal's state keeps its documents. */
export const attachmentLocked = (journalStatus: string) =>
  new StateConflict(
    'AttachmentLocked',
    `The journal is ${journalStatus}: its attachments are the evidence of its entries and are kept; attachments are removed only while a journal is a draft, submitted or approved (a correcting journal takes the right document).`,
  );
