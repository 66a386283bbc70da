import { DeleteObjectCommand, HeadObjectCommand, type HeadObjectCommandOutput, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

/**
 * The tests' own hand on the local object storage (the run's s3rver, test/support/global-setup.ts):
 * what the service's bucket holds under an attachment's key, and changes made behind the
 * service's back, as someone with access to the bucket could make them.
 */
let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({ region: 'local', endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
const bucket = () => process.env.DOCUMENTS_BUCKET!;
/** Where the bucket keeps an attachment's file, as docs/data-model.md lays the keys out. */
export const attachmentKey = (companyId: string, journalId: string, attachmentId: string) => `companies/${companyId}/journals/${journalId}/attachments/${attachmentId}`;

/** The object's head, or undefined when nothing is under the key. */
export async function storedObject(companyId: string, journalId: string, attachmentId: string): Promise<HeadObjectCommandOutput | undefined> {
  return s3()
    .send(new HeadObjectCommand({ Bucket: bucket(), Key: attachmentKey(companyId, journalId, attachmentId) }))
    .catch((error: unknown) => {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    });
}

/** Other bytes put under the attachment's key. */
export const replaceObject = (companyId: string, journalId: string, attachmentId: string, body: Uint8Array, contentType = 'application/pdf') =>
  s3().send(new PutObjectCommand({ Bucket: bucket(), Key: attachmentKey(companyId, journalId, attachmentId), Body: body, ContentType: contentType }));

/** The attachment's object deleted. */
export const deleteObject = (companyId: string, journalId: string, attachmentId: string) => s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: attachmentKey(companyId, journalId, attachmentId) }));
