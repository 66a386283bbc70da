import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, PutObjectCommand, UploadPartCommand, type CompletedPart } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PartSender } from '../../exports/part-sink.ts';
import type { ExportedFile } from '../../exports/jobs/records.ts';
import { s3 } from './s3-client.ts';
import { exportConfig } from '../../export-config.ts';

/**
 * The exports bucket through the S3 client (export-files.ts loads this for the reading handlers):
 * an export job's file sent into its object in parts as the route writes it, and the GET that
 * downloads it.
 */

/**
 * The object's multipart upload, made with its first part; a file sent in no part (smaller than
 * one) is put whole. Another run's upload of the same key, completed later, replaces this one's
 * object: the key is the job's, so a job has one file.
 */
export function objectParts(objectKey: string, contentType: string): PartSender & { readonly objectKey: string } {
  const target = { Bucket: exportConfig.exportsBucket, Key: objectKey };
  let uploadId: Promise<string> | undefined;
  const sent: CompletedPart[] = [];
  const upload = () => (uploadId ??= s3().send(new CreateMultipartUploadCommand({ ...target, ContentType: contentType })).then((created) => created.UploadId!));
  const sendPart = async (number: number, body: Buffer) => {
    const { ETag } = await s3().send(new UploadPartCommand({ ...target, UploadId: await upload(), PartNumber: number, Body: body }));
    sent.push({ ETag, PartNumber: number });
  };
  return {
    objectKey,
    sendPart,
    async complete(parts, rest) {
      if (parts === 0) {
        await s3().send(new PutObjectCommand({ ...target, ContentType: contentType, Body: rest }));
        return;
      }
      if (rest.length > 0) await sendPart(parts + 1, rest);
      await s3().send(new CompleteMultipartUploadCommand({ ...target, UploadId: await upload(), MultipartUpload: { Parts: sent } }));
    },
    async abort(parts) {
      if (parts > 0 && uploadId) await s3().send(new AbortMultipartUploadCommand({ ...target, UploadId: await uploadId }));
    },
  };
}

/** A GET of the file that works for `seconds`, saving it under its name. */
export function presignedExportGet(file: ExportedFile, seconds: number): Promise<string> {
  const command = new GetObjectCommand({ Bucket: exportConfig.exportsBucket, Key: file.objectKey, ResponseContentDisposition: `attachment; filename="${file.fileName}"`, ResponseContentType: file.contentType });
  return getSignedUrl(s3(), command, { expiresIn: seconds });
}
