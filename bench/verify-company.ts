import { randomUUID } from 'node:crypto';
import type { BenchStack } from './local-stack.ts';
import type { EventHead } from '../shared/events/numbering.ts';
import { smallCompany } from './small-company.ts';

/**
 * A company for timing Verify: `events` events, two per posted journal (created, posted), with
 * their journals, ledger entries and balances loaded directly (bench/fast-load.ts), the events
 * numbered and chained by the sequencer's own code and written as it writes them. Returns the
 * company and the first of those events (the company's own, made over the API, come before).
 */
export async function verifyCompany(stack: BenchStack, name: string, events: number) {
  const { numberPending } = await import('../shared/events/numbering-rules.ts');
  const { eventFeed } = await import('../shared/db/stores/event-ports.ts');
  const sequenceEvents = (companyId: string) => numberPending(eventFeed, companyId);
  const { numberEvents } = await import('../shared/events/numbering.ts');
  const { eventRecord } = await import('../shared/events/event-record.ts');
  const { eventHead, numberedEventOps } = await import('../shared/db/events/event-store.ts');
  const keys = await import('../shared/db/table/keys.ts');
  const { bulkWrite } = await import('../shared/db/table/batch-write.ts');
  const { journalView } = await import('../shared/journals/views.ts');
  const { LedgerFold } = await import('../shared/db/ledger/ledger-fold.ts');
  const { postingFigures } = await import('../shared/journals/posting-figures.ts');
  const { load, postedJournals } = await import('./fast-load.ts');

  const books = await smallCompany(stack, name, 20);
  while ((await sequenceEvents(books.companyId)) > 0);
  const plan = { companyId: books.companyId, yearId: books.year.id, periods: books.year.periods, accounts: books.accounts, busy: books.accounts[0]!, costCenters: [], firstSerial: 1 };
  const journals = [...postedJournals(plan, events, 7)];
  const loadStarted = performance.now();
  await load(plan, journals, new LedgerFold(books.companyId, postingFigures));
  const actor = { type: 'user' as const, id: randomUUID() };
  const now = new Date();
  const records = journals.flatMap((j) => {
    const source = { companyId: books.companyId, actor, requestId: randomUUID(), params: { companyId: books.companyId, id: j.id }, now };
    const draft = journalView({ ...j, status: 'draft', version: 1 } as never);
    return [
      eventRecord({ ...source, eventId: randomUUID(), type: 'JournalCreated', body: {}, response: draft }),
      eventRecord({ ...source, eventId: randomUUID(), type: 'JournalPosted', body: { version: 1 }, response: journalView(j) }),
    ];
  });
  let head: EventHead = await eventHead(books.companyId);
  const firstLoaded = head.next;
  function* eventItems() {
    for (let i = 0; i < records.length; i += 1000) {
      const batch = numberEvents(head, records.slice(i, i + 1000).map((r) => ({ ...r, pendingKey: keys.pendingEvent(books.companyId, r.occurredAt, r.eventId, false) })), true);
      for (const op of numberedEventOps(books.companyId, batch.numbered)) if (op.item.Put) yield { put: op.item.Put.Item as Record<string, unknown> };
      head = batch.head;
    }
    yield { put: { ...keys.eventSequence(books.companyId), next: head.next, headHash: head.hash } };
  }
  await bulkWrite(eventItems());
  return { books, firstLoaded, loadSeconds: (performance.now() - loadStarted) / 1000 };
}
