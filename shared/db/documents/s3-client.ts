import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../../config.ts';

/**
 * The S3 client of the service's buckets (the documents bucket, the exports bucket): S3 in AWS,
 * the local object storage (s3rver) on `npm start` and in the tests, told apart only by the
 * endpoint and path-style addressing the configuration gives. Loaded with a function's first use
 * of a bucket (s3-documents.ts, s3-exports.ts), never at start.
 */
let client: S3Client | undefined;

export function s3(): S3Client {
  client ??= new S3Client({
    region: config.region,
    ...(config.s3Endpoint ? { endpoint: config.s3Endpoint } : {}),
    forcePathStyle: config.s3ForcePathStyle,
    // No checksum of the SDK's own choosing: an upload's is the declared SHA-256, signed into its URL.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  return client;
}
