import type { AttachmentChecking, AttachmentDeclaring, CompanyAttachmentDeclaring } from '../../attachments/store.ts';
import { documentBucket } from '../documents/document-bucket.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { retentionFacts } from './attachment-retention-facts.ts';
import { declareAttachmentOps, declareCompanyAttachmentOp, getAttachment, journalStatus, replaceAttachmentOp } from './attachment-store.ts';

/** The ports of the attachment use cases that reach the documents bucket (attachments/store.ts): records in the table, files in the bucket. */
export const attachmentDeclaring: AttachmentDeclaring = { journalStatus, storage: documentBucket, declareChanges: declareAttachmentOps };

export const companyAttachmentDeclaring: CompanyAttachmentDeclaring = { storage: documentBucket, declareChange: declareCompanyAttachmentOp };

export const attachmentChecking: AttachmentChecking = { get: getAttachment, storage: documentBucket, retentionFacts, checkedChange: replaceAttachmentOp, eventChange: (event) => pendingEventOp(event) };

