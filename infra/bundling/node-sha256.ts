import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

/**
 * Stands in for `@smithy/core/checksum` in the functions' bundles (an esbuild alias, see
 * options.ts). The DynamoDB client takes only its SHA-256, for signing requests, and on Node
 * that is node:crypto's; the module's pure-JS fallback for runtimes without node:crypto was
 * 3 KB of every function. Same behaviour as the SDK's own Node class (Sha256Node): an HMAC
 * when given a secret, a digest that leaves a plain hash usable.
 */
/** What the SDK hashes: text, or bytes in any binary form. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

export class Sha256 {
  readonly digestLength = 32;
  private hash: Hash | Hmac;
  private finished = false;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }

  update(data: Uint8Array | string): void {
    if (this.finished) throw new Error('Attempted to update an already finished hash.');
    this.hash.update(bytesOf(data));
  }

  async digest(): Promise<Uint8Array> {
    let bytes: Buffer;
    if (this.secret) {
      this.finished = true;
      bytes = this.hash.digest();
    } else {
      bytes = (this.hash as Hash).copy().digest();
    }
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  reset(): void {
    this.hash = this.create();
    this.finished = false;
  }

  private create(): Hash | Hmac {
    return this.secret ? createHmac('sha256', bytesOf(this.secret)) : createHash('sha256');
  }
}

function bytesOf(data: SourceData): string | Buffer {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}
