import type { ResponseOf } from '../schemas/responses.ts';
import type { AttachmentRecord } from './records.ts';

/** An attachment as the API answers it (and as its events record it): the file's facts, never where storage keeps it. */
export type AttachmentView = ResponseOf<'AttachmentSummaryResponse'>;

export const attachmentView = (r: AttachmentRecord): AttachmentView => ({
  id: r.id,
  journalId: r.journalId,
  fileName: r.fileName,
  contentType: r.contentType,
  size: r.size,
  sha256: r.sha256,
  status: r.status,
  rejection: r.rejection ?? null,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  checkedAt: r.checkedAt ?? null,
  retainUntil: r.retainUntil ?? null,
  version: r.version,
});
