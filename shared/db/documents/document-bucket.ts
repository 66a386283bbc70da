import type { DocumentStorage } from '../../attachments/store.ts';

/**
 * The documents bucket (attachments/store.ts DocumentStorage): where journals' source documents
 * are kept, one object per attachment, and the URLs that put and get them. The S3 client (about
 * 290 KB bundled) loads with a request's first use of the bucket (s3-documents.ts), so no
 * function loads it at start, and only the attachment functions bundle it at all.
 */
const s3 = () => import('./s3-documents.ts');

/** `companies/<c>/journals/<j>/attachments/<a>` and `companies/<c>/attachments/<a>`, the only keys objectKey and companyObjectKey make. */
const ATTACHMENT_KEY = /^companies\/([^/]+)\/(?:journals\/([^/]+)\/)?attachments\/([^/]+)$/;

export const documentBucket: DocumentStorage & { attachmentOf(objectKey: string): { companyId: string; journalId: string | null; attachmentId: string } | undefined } = {
  // One key per company, journal and attachment: a company's objects share a prefix (for a
  // retention rule or an export of its own), and the key never carries the file's name.
  objectKey: (companyId, journalId, attachmentId) => `companies/${companyId}/journals/${journalId}/attachments/${attachmentId}`,
  // A file uploaded before its journal exists; the key stays when an import attaches it (the record names it).
  companyObjectKey: (companyId, attachmentId) => `companies/${companyId}/attachments/${attachmentId}`,
  uploadUrl: async (objectKey, file, seconds) => (await s3()).presignedPut(objectKey, file, seconds),
  downloadUrl: async (objectKey, versionId, seconds) => (await s3()).presignedGet(objectKey, versionId, seconds),
  storedObject: async (objectKey, maxBytes) => (await s3()).storedObject(objectKey, maxBytes),
  lock: async (objectKey, versionId, until) => (await s3()).lockObject(objectKey, versionId, until),
  attachmentOf: (objectKey) => {
    const [, companyId, journalId, attachmentId] = ATTACHMENT_KEY.exec(objectKey) ?? [];
    return companyId && attachmentId ? { companyId, journalId: journalId ?? null, attachmentId } : undefined;
  },
};
