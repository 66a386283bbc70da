import type { SequencedEvent } from '../events/event-record.ts';
import { segmentEvents, type ArchivedSegment } from './archive-segments.ts';
import type { Break } from './chain-walk.ts';
import type { ArchiveReads, AuditVerifying } from './store.ts';

/** Segments one request keeps read at once: the pages read ahead share them (a page of 1,000 spans two at most). */
const KEPT = 8;

/**
 * Verify's event reads for a company with archived segments (docs/decisions.md, Audit, "Verify
 * over archived events"; verify.ts loads this module only then): the table's events as before,
 * and where the table no longer holds some of a range (expired, or deleted), those the segments
 * hold, each read once a request and checked against its index item (its SHA-256, its first and
 * last numbers, the hash at its end). The walk then checks them as it checks the table's: their
 * hashes, and that the chain goes on from one segment into the next and into the table. A
 * segment that fails its check gives no event, so the walk finds its events missing; `explain`
 * names the segment in that break.
 */
export class ArchivedEvents {
  private readonly read = new Map<string, Promise<SequencedEvent[]>>();
  private readonly problems: Array<{ segment: ArchivedSegment; problem: string }> = [];
  /** The books as before, reading archived events where the table has none. */
  readonly books: AuditVerifying;

  constructor(
    private readonly table: AuditVerifying,
    private readonly archive: ArchiveReads,
    private readonly companyId: string,
  ) {
    this.books = { ...table, eventsBetween: (_c, from, to) => this.eventsBetween(from, to), getEvent: async (_c, n) => (await this.eventsBetween(n, n))[0] };
  }

  /** The events `from` to `to` the table keeps, and those it does not that a segment holds, in order. */
  private async eventsBetween(from: number, to: number): Promise<SequencedEvent[]> {
    if (to < from) return [];
    const kept = await this.table.eventsBetween(this.companyId, from, to);
    if (kept.length === to - from + 1) return kept;
    const inTable = new Set(kept.map((e) => e.sequence));
    let first = from;
    while (inTable.has(first)) first++;
    let last = to;
    while (inTable.has(last)) last--;
    const archived: SequencedEvent[] = [];
    for (const segment of await this.archive.segmentsBetween(this.companyId, first, last)) {
      for (const e of await this.segment(segment)) if (e.sequence >= first && e.sequence <= last && !inTable.has(e.sequence)) archived.push(e);
    }
    return archived.length === 0 ? kept : [...kept, ...archived].sort((a, b) => a.sequence - b.sequence);
  }

  /** The segment's events once checked (none when it fails), read once while kept. */
  private segment(segment: ArchivedSegment): Promise<SequencedEvent[]> {
    let events = this.read.get(segment.objectKey);
    if (!events) {
      events = this.archive.readObject(segment.objectKey, segment.versionId).then((object) => {
        const checked = segmentEvents(segment, object);
        if ('events' in checked) return checked.events;
        this.problems.push({ segment, problem: checked.problem });
        return [];
      });
      this.read.set(segment.objectKey, events);
      if (this.read.size > KEPT) this.read.delete(this.read.keys().next().value!);
    }
    return events;
  }

  /** The break, naming the segment whose check failed where the walk found its events missing. */
  explain(broken: Break | undefined): Break | undefined {
    const found = broken && this.problems.find(({ segment }) => segment.first <= broken.sequence && broken.sequence <= segment.last);
    return found ? { sequence: broken.sequence, reason: `event ${broken.sequence} is not in the table, and the ${found.problem}` } : broken;
  }
}
