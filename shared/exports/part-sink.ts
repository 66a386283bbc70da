import { ByteSink } from './byte-sink.ts';

/** What sends a file on in parts as it is written (an object's multipart upload: db/documents/s3-exports.ts). */
export interface PartSender {
  /** Part `number` (from 1) sent; a sender gets one part at a time, in order. */
  sendPart(number: number, body: Buffer): Promise<void>;
  /** The file complete after `parts` parts: `rest` is what followed them (the whole file when no part was sent). */
  complete(parts: number, rest: Buffer): Promise<void>;
  /** The unfinished file given up after `parts` parts. */
  abort(parts: number): Promise<void>;
}

/**
 * A sink that sends the file on as it is written, in parts of `partBytes` (S3 takes parts of 5
 * MiB at least, the last excepted): one part sending while the next fills, so memory stays at two
 * parts however long the file. The row loop waits while it is behind (RowLimits); exceljs, which
 * writes through the stream, is held in `_write`. A file smaller than a part is sent whole when
 * completed. Bytes past the cap are not sent (ByteSink's overflow).
 */
export class PartSink extends ByteSink {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private parts = 0;
  private sending: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private failure: unknown;

  constructor(
    cap: number,
    private readonly partBytes: number,
    private readonly sender: PartSender,
  ) {
    super(cap, false);
  }

  override get behind(): boolean {
    return this.pending > 1 || this.failure !== undefined;
  }

  /** Resolves once at most one part is sending. Errors: a part's sending failed. */
  override async caughtUp(): Promise<void> {
    while (this.pending > 1) await this.sending;
    if (this.failure !== undefined) throw this.failure;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.accept(chunk);
    this.caughtUp().then(() => done(), (error: Error) => done(error));
  }

  protected override accept(chunk: Buffer): void {
    super.accept(chunk);
    if (this.overflowed) return;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes >= this.partBytes) this.sendPart();
  }

  private sendPart(): void {
    const body = this.take();
    const number = ++this.parts;
    this.pending++;
    // One part at a time, in order: each is sent once the one before is.
    this.sending = this.sending
      .then(() => (this.failure === undefined ? this.sender.sendPart(number, body) : undefined))
      .catch((error: unknown) => (this.failure ??= error))
      .finally(() => this.pending--);
  }

  private take(): Buffer {
    const body = Buffer.concat(this.buffered);
    this.buffered = [];
    this.bufferedBytes = 0;
    return body;
  }

  /** The file sent whole: the parts sent, then what followed them. Errors: a part's or the completion's. */
  async complete(): Promise<void> {
    await this.sending;
    if (this.failure !== undefined) throw this.failure;
    await this.sender.complete(this.parts, this.take());
  }

  /** The unfinished file given up. */
  async abort(): Promise<void> {
    await this.sending;
    await this.sender.abort(this.parts);
  }
}
