import { closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ByteSink } from './byte-sink.ts';
import { Spool } from './spool.ts';

/** Bytes gathered before each write to disk, and read back at a time. */
const CHUNK_BYTES = 1024 * 1024;
/** The directories' names begin so. */
const PREFIX = 'ledger-spool-';
/** A spool's directory older than this belongs to a run that died (a run lives at most a Lambda's 15 minutes). */
export const STALE_SPOOL_MS = 20 * 60_000;

/**
 * A spool in a file of its own under the machine's temporary directory (a Lambda's /tmp, which
 * outlives an invocation: the export worker is given the room, infra/export-worker.ts), written a
 * megabyte at a time and read back likewise, so memory holds two megabytes whatever the part's
 * size. The file goes with `dispose`; one a run left behind when it died (a timeout) goes when
 * the next spool is made there, once it is STALE_SPOOL_MS old.
 */
export function diskSpool(cap: number, dir = tmpdir()): Spool {
  removeStale(dir, Date.now() - STALE_SPOOL_MS);
  return new DiskSpool(cap, dir);
}

function removeStale(dir: string, before: number): void {
  for (const name of readdirSync(dir).filter((n) => n.startsWith(PREFIX))) {
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < before) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

class DiskSpool extends Spool {
  private readonly dir: string;
  private readonly fd: number;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private written = 0;
  private disposed = false;

  constructor(cap: number, parent: string) {
    super(cap, false);
    this.dir = mkdtempSync(join(parent, PREFIX));
    this.fd = openSync(join(this.dir, 'part'), 'w+');
  }

  protected override accept(chunk: Buffer): void {
    super.accept(chunk);
    if (this.overflowed) return;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes >= CHUNK_BYTES) this.flush();
  }

  private flush(): void {
    const data = Buffer.concat(this.buffered);
    this.buffered = [];
    this.bufferedBytes = 0;
    for (let at = 0; at < data.length; ) at += writeSync(this.fd, data, at, data.length - at, this.written + at);
    this.written += data.length;
  }

  async copyInto(sink: ByteSink): Promise<void> {
    this.flush();
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (let position = 0; position < this.written; ) {
      const read = readSync(this.fd, chunk, 0, Math.min(CHUNK_BYTES, this.written - position), position);
      if (read === 0) throw new Error('The spooled part ended early');
      // A copy: a sink that keeps what it takes must not see the buffer read into next.
      sink.writeBytes(Buffer.from(chunk.subarray(0, read)));
      position += read;
      if (sink.behind) await sink.caughtUp();
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
