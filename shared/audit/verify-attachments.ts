import { fileProblem, type AttachmentFileEvidence, type AvailableFile, type FileProblemKind } from '../attachments/evidence.ts';
import { MAX_ATTACHMENT_BYTES } from '../attachments/rules.ts';
import type { FilesProgress, FilesResume } from './verify-cursor.ts';
import type { ResponseOf } from '../schemas/responses.ts';

/**
 * Verify's step over source documents (audit/verify.ts calls it once a run has walked the events
 * and checked the balances up to the head): every available attachment's file is read in the
 * documents bucket and compared with what its check recorded (version, size, SHA-256). Bounded
 * like the rest of Verify: at most `budget` files a request, a group at a time, stopping after a
 * group past `until`; the run resumes after the last file checked. Loaded only when a run
 * comes to this step (it and what it reads are no part of what Verify's function loads at start).
 */

/** A file that is not as its attachment's check recorded it, naming the journal and the attachment. */
export interface AttachmentFileProblem {
  journalId: string;
  attachmentId: string;
  problem: FileProblemKind;
  reason: string;
}

/**
 * Files one Verify request checks at most (besides its time, config.verifyPageMs): a HEAD each
 * in S3, which keeps the upload's checksum; a few hundred milliseconds for a hundred, ten at once.
 * A constant, not a setting: this module reads no configuration, so it shares nothing with what
 * Verify's function loads at start.
 */
export const FILES_PER_REQUEST = 100;
type VerifyView = ResponseOf<'AuditVerifyResponse'>;

/** Files checked at once: each waits on a request or two to storage. */
const FILES_AT_ONCE = 10;

export async function checkAttachmentFiles(
  files: AttachmentFileEvidence,
  companyId: string,
  progress: FilesProgress,
  limits: { budget: number; until: number },
): Promise<{ progress: FilesProgress; problems: AttachmentFileProblem[]; more: boolean }> {
  let { after, checked, found } = progress;
  let budget = limits.budget;
  const problems: AttachmentFileProblem[] = [];
  for (let group = 0; ; group++) {
    if (group > 0 && (budget <= 0 || Date.now() > limits.until)) return { progress: { after, checked, found }, problems, more: true };
    const page = await files.availableAttachments(companyId, after, Math.min(FILES_AT_ONCE, budget));
    const seen = await Promise.all(page.files.map((file) => problemOf(files, file)));
    for (const problem of seen) if (problem) problems.push(problem);
    budget -= page.files.length;
    checked += page.files.length;
    found += seen.filter(Boolean).length;
    if (!page.next) return { progress: { after: null, checked, found }, problems, more: false };
    after = page.next;
  }
}

async function problemOf(files: AttachmentFileEvidence, file: AvailableFile): Promise<AttachmentFileProblem | undefined> {
  const current = await files.objectEvidence(file.objectKey, undefined, MAX_ATTACHMENT_BYTES);
  // The version checked is read too when the current one is not it: the reason says whether it is still kept.
  const notIt = file.versionId !== undefined && (current.state === 'missing' || current.versionId !== file.versionId);
  const recorded = notIt ? await files.objectEvidence(file.objectKey, file.versionId, 0) : undefined;
  const problem = fileProblem(file, current, recorded);
  return problem && { journalId: file.journalId, attachmentId: file.attachmentId, ...problem };
}

/**
 * A request's work on the run's files, from where `run` left them (null: not started), and its
 * answer: `answer` makes it with the files' part, `resumeAt` the cursor that resumes the run.
 */
export async function verifyAttachmentFiles(
  books: { attachmentFiles(): Promise<AttachmentFileEvidence> },
  companyId: string,
  run: FilesResume,
  until: number,
  answer: (nextPage: string | null, attachments: NonNullable<VerifyView['attachments']>) => VerifyView,
  resumeAt: (resume: FilesResume) => Promise<string>,
): Promise<VerifyView> {
  const step = await checkAttachmentFiles(await books.attachmentFiles(), companyId, run.files ?? { after: null, checked: 0, found: 0 }, { budget: FILES_PER_REQUEST, until });
  const nextPage = step.more ? await resumeAt({ ...run, files: step.progress }) : null;
  return answer(nextPage, { checked: step.progress.checked, problemsFound: step.progress.found, problems: step.problems });
}
