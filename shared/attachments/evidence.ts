/**
 * Whether an available attachment's file is still the one checked (pure; audit/verify-attachments.ts
 * reads the bucket). docs/decisions.md, "Source documents".
 */

/** What storage holds under a key (the current version, or a given one), as its adapter read it. */
export type ObjectEvidence =
  | { state: 'missing' }
  | {
      state: 'present';
      size: number;
      /** Lower-case hex; undefined when the object is larger than the adapter reads. */
      sha256: string | undefined;
      /** The version, where storage keeps versions (S3 does; the local object storage does not). */
      versionId: string | undefined;
    };

export type FileProblemKind = 'missing' | 'replaced' | 'altered';
export interface FileProblem {
  problem: FileProblemKind;
  reason: string;
}

/** What an available attachment recorded of its file when it was checked. */
export interface RecordedFile {
  size: number;
  sha256: string;
  versionId?: string | undefined;
}

/**
 * The problem with an available attachment's file, or undefined when storage still holds it as
 * checked: `missing` (nothing current under its key), `replaced` (another version is current),
 * `altered` (the object read, the version checked or, where storage keeps no versions, the one
 * under the key, has other bytes). `recorded` is the version checked as storage holds it, read
 * only when the current one is not it.
 */
export function fileProblem(file: RecordedFile, current: ObjectEvidence, recorded?: ObjectEvidence): FileProblem | undefined {
  const versionKept = recorded === undefined ? '' : recorded.state === 'present' ? '; the version checked is still kept' : '; the version checked is gone too';
  if (current.state === 'missing') return { problem: 'missing', reason: `no file is under its key in storage${versionKept}` };
  if (file.versionId !== undefined && current.versionId !== file.versionId) {
    return { problem: 'replaced', reason: `another version of its file (${current.versionId ?? 'unversioned'}) is current in storage, not ${file.versionId}, the one checked${versionKept}` };
  }
  if (current.size !== file.size) return { problem: 'altered', reason: `the file in storage is ${current.size} bytes, not the ${file.size} checked` };
  if (current.sha256 !== file.sha256) return { problem: 'altered', reason: 'the SHA-256 of the file in storage is not the one checked' };
  return undefined;
}

/** An available attachment's file as its check recorded it. */
export interface AvailableFile extends RecordedFile {
  journalId: string;
  attachmentId: string;
  objectKey: string;
}

/** What Verify's step over source documents reads (audit/verify-attachments.ts): the company's available attachments, in pages, and storage's objects. */
export interface AttachmentFileEvidence {
  /** Available attachments' files after `after` (a position this answers), at most `limit`; `next` when more may follow. */
  availableAttachments(companyId: string, after: string | null, limit: number): Promise<{ files: AvailableFile[]; next: string | null }>;
  /** The object under the key (its current version, or `versionId`), hashed up to `maxBytes` where storage kept no checksum. */
  objectEvidence(objectKey: string, versionId: string | undefined, maxBytes: number): Promise<ObjectEvidence>;
}
