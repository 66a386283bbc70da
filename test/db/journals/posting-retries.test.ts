import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { readBalance } from '../../../shared/db/ledger/balance-store.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, draftJournal, year2026 } from '../../support/ledger.ts';
import { faultInjector } from '../support/faults.ts';

/** A posting whose transaction DynamoDB cancels for a conflict (test/http/journals/posting.test.ts posts through the API alone). */
const gateway = useGateway();

async function setup() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  const year = await year2026(owner.api, owner.base);
  const periodOf = (month: number) => year.periods[month - 1];
  return { ...owner, chart, year, periodOf };
}


describe('posting through conflicts', () => {
  it('retries a TransactionConflict with jitter and applies the posting once', async () => {
    const { api, base, chart, companyId, periodOf } = await setup();
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 12.34), credit(chart.sales.id, 12.34)]);
    const { mock, realSend } = faultInjector();
    const conflict = () =>
      new TransactionCanceledException({
        $metadata: {},
        message: 'Transaction cancelled',
        CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
      });
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(conflict())
      .rejectsOnce(conflict())
      .callsFake((input: unknown) => realSend(new TransactWriteCommand(input as never)));

    let posted;
    try {
      posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-31', version: 1 });
    } finally {
      mock.restore();
    }

    expect(posted.status).toBe(200);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(await readBalance(companyId, periodOf(3).id, chart.cash.id)).toEqual({ debit: '12.34', credit: '0' });
  });
});
