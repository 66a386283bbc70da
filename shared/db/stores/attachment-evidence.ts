import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { fromEnv } from '@aws-sdk/credential-provider-env';
import type { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SignatureV4 } from '@smithy/signature-v4';
import type { AttachmentFileEvidence, AvailableFile, ObjectEvidence } from '../../attachments/evidence.ts';
import type { config } from '../../config.ts';
import type { db } from '../table/client.ts';

import { objectEvidence } from '../documents/object-evidence.ts';

/**
 * Verify's reads of source documents (audit/verify-attachments.ts), loaded when a run comes to
 * them: the company's available attachments (gsi1, which holds only those), and their objects in
 * the documents bucket by signed HTTP requests (documents/object-evidence.ts). It imports nothing
 * that Verify's function loads at start: what it shares with that code (the table's client, the
 * keys, the signer, the configuration) it is handed (attachment-evidence-ports.ts), so esbuild
 * splits none of the function's start chunks for it, and the start stays as it was.
 */
export interface EvidenceReach {
  db: typeof db;
  Query: typeof QueryCommand;
  partitionOf(companyId: string): string;
  Signer: typeof SignatureV4;
  credentials: typeof fromEnv;
  /** The service's configuration (shared/config.ts): the table, the bucket, the region, the local object storage's address. */
  settings: Pick<typeof config, 'tableName' | 'documentsBucket' | 'region' | 's3Endpoint' | 's3ForcePathStyle'>;
}

/** node:crypto's SHA-256 in the shape the signer takes: an HMAC when given a secret. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}
const bytesOf = (data: string | ArrayBuffer | ArrayBufferView): string | Buffer => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data));

export function attachmentEvidence(reach: EvidenceReach): AttachmentFileEvidence {
  // S3 takes object keys unescaped in the signature.
  const { settings } = reach;
  const signer = new reach.Signer({ service: 's3', region: settings.region, credentials: reach.credentials(), sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  const bucket = { signer, bucket: settings.documentsBucket, region: settings.region, endpoint: settings.s3Endpoint, pathStyle: settings.s3ForcePathStyle };
  return {
    async availableAttachments(companyId, after, limit) {
      const { Items, LastEvaluatedKey } = await reach.db().send(
        new reach.Query({
        TableName: settings.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: after === null ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND gsi1sk > :after',
        ExpressionAttributeValues: { ':pk': reach.partitionOf(companyId), ...(after === null ? {} : { ':after': after }) },
        Limit: limit,
      }),
      );
      const files: AvailableFile[] = (Items ?? []).map((item) => ({
        journalId: String(item.journalId),
        attachmentId: String(item.id),
        objectKey: String(item.objectKey),
        size: Number(item.size),
        sha256: String(item.sha256),
        versionId: item.versionId === undefined ? undefined : String(item.versionId),
      }));
      // The page resumes after the last attachment's place in the index: its sort key there.
      return { files, next: LastEvaluatedKey && Items?.length ? String(Items.at(-1)!.gsi1sk) : null };
    },
    objectEvidence: (objectKey, versionId, maxBytes): Promise<ObjectEvidence> => objectEvidence(bucket, objectKey, versionId, maxBytes),
  };
}
