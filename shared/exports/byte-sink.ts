import { Writable } from 'node:stream';

/**
 * Where a renderer writes the file: a stream that counts what it received and keeps it (the
 * API answers the whole file at once), or only counts (`keep: false`, the bench), or a subclass
 * that sends it on as it comes (an export job's object). Past `cap` it keeps nothing more and
 * says so in `overflowed`; the renderer's row loop stops there.
 */
export class ByteSink extends Writable {
  bytes = 0;
  private readonly chunks: Buffer[] = [];

  constructor(
    private readonly cap: number,
    private readonly keep = true,
  ) {
    super();
  }

  get overflowed(): boolean {
    return this.bytes > this.cap;
  }

  /** Text written by the renderer itself (CSV), counted at once so the row loop sees it. */
  writeText(text: string): void {
    this.accept(Buffer.from(text, 'utf8'));
  }

  /** Bytes written as they are (a part of the file written apart first: spool.ts), counted at once. */
  writeBytes(chunk: Buffer): void {
    this.accept(chunk);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.accept(chunk);
    done();
  }

  contents(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Whether what was written is still being sent on (never, for a sink that keeps or counts): the row loop then waits for caughtUp(). */
  get behind(): boolean {
    return false;
  }

  async caughtUp(): Promise<void> {}

  protected accept(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.keep && !this.overflowed) this.chunks.push(chunk);
  }
}
