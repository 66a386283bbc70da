import { eventHead } from '../../../shared/db/events/event-store.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/**
 * A company whose events so far are numbered, then `journals` two-line journals created and
 * posted on `day` (2 events each) left pending; `from` is the number the first of them will take.
 */
export async function pendingPostings(baseUrl: () => string, journals: number, day: string) {
  const books = await companyBooks(baseUrl);
  while ((await numberPending(eventFeed, books.companyId)) > 0);
  const from = (await eventHead(books.companyId)).next;
  for (let i = 1; i <= journals; i++) await postedJournal(books.api, books.base, day, [debit(books.chart.cash.id, i), credit(books.chart.sales.id, i)]);
  return { ...books, from };
}
