import { ByteSink } from './byte-sink.ts';

/**
 * A part of a file written before what comes ahead of it in the file, then copied into the file
 * in its place: the SAF-T export writes its general ledger entries first, as it reads them, so
 * that the header before them can give their totals, and copies them in after it. A spool counts
 * and caps what it takes as any sink (ByteSink); it is held in memory or in a file on local disk
 * (disk-spool.ts), as its cap asks (spool-for.ts), so memory stays bounded however long the part.
 */
export abstract class Spool extends ByteSink {
  /** What was taken, written into `sink` in order, waiting while a sink that sends on is behind. */
  abstract copyInto(sink: ByteSink): Promise<void>;
  /** What was taken let go (the file on disk removed). */
  abstract dispose(): Promise<void>;
}

/** A spool held in memory (an API answer's part: spool-for.ts chooses). */
export class MemorySpool extends Spool {
  private kept: Buffer[] = [];

  constructor(cap: number) {
    super(cap, false);
  }

  protected override accept(chunk: Buffer): void {
    super.accept(chunk);
    if (!this.overflowed) this.kept.push(chunk);
  }

  async copyInto(sink: ByteSink): Promise<void> {
    for (const chunk of this.kept) {
      sink.writeBytes(chunk);
      if (sink.behind) await sink.caughtUp();
    }
  }

  async dispose(): Promise<void> {
    this.kept = [];
  }
}
