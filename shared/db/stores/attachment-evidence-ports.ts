import { fromEnv } from '@aws-sdk/credential-provider-env';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AttachmentFileEvidence } from '../../attachments/evidence.ts';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import { availableAttachmentsPartition } from '../table/keys.ts';

/**
 * Verify's reads of source documents (audit/verify-attachments.ts): loaded when a run comes to
 * them (attachment-evidence.ts), handed what they share with the code Verify loads at start.
 * Not through documents/document-bucket.ts: Verify's bundle holds no S3 client at all.
 */
export const attachmentFileEvidence = async (): Promise<AttachmentFileEvidence> =>
  (await import('./attachment-evidence.ts')).attachmentEvidence({
    db,
    Query: QueryCommand,
    partitionOf: availableAttachmentsPartition,
    Signer: SignatureV4,
    credentials: fromEnv,
    settings: config,
  });
