/**
 * A file as a 200 body (an export): shared/http/respond.ts answers it base64-encoded with
 * `isBase64Encoded`, which API Gateway's HTTP API (payload 2.0) decodes on the way out (it needs
 * no binary media types, unlike a REST API), and so does the local gateway.
 */
export class FileBody {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
    /** ASCII letters, digits, dots, dashes and underscores only. */
    readonly fileName: string,
  ) {}
}
