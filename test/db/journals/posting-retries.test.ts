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


/** DynamoDB's cancellation for a conflict on the transaction's item at `index` (its first is the journal's item, then its balance items). */
const conflictOn = (index: number) =>
  new TransactionCanceledException({
    $metadata: {},
    message: 'Transaction cancelled',
    CancellationReasons: [...Array.from({ length: index }, () => ({ Code: 'None' })), { Code: 'TransactionConflict' }],
  });

/** Posts the journal with the transaction's first `conflicts` attempts cancelled by a conflict on item `index`; answers the response and each attempt's balance items. */
async function postThroughConflicts(index: number, conflicts: number) {
  const { api, base, chart, companyId, periodOf } = await setup();
  const journal = await draftJournal(api, base, [debit(chart.cash.id, 12.34), credit(chart.sales.id, 12.34)]);
  const { mock, realSend } = faultInjector();
  let refused = 0;
  mock.on(TransactWriteCommand).callsFake((input: unknown) => (refused++ < conflicts ? Promise.reject(conflictOn(index)) : realSend(new TransactWriteCommand(input as never))));
  try {
    const posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-31', version: 1 });
    const attempts = mock.commandCalls(TransactWriteCommand).map((call) => balanceItemsOf(call.args[0].input));
    return { posted, attempts, cash: await readBalance(companyId, periodOf(3).id, chart.cash.id) };
  } finally {
    mock.restore();
  }
}

/** The balance items a transaction names, as `pk sk`. */
const balanceItemsOf = (input: { TransactItems?: Array<{ Update?: { Key?: Record<string, unknown> } }> }) =>
  (input.TransactItems ?? []).flatMap(({ Update }) => (String(Update?.Key?.sk).startsWith('BAL#') ? [`${Update!.Key!.pk} ${Update!.Key!.sk}`] : []));

describe('posting through conflicts', () => {
  it('retries a TransactionConflict on the journal with jitter and applies the posting once', async () => {
    const { posted, attempts, cash } = await postThroughConflicts(0, 2);
    expect(posted.status).toBe(200);
    expect(attempts).toHaveLength(3);
    expect(cash).toEqual({ debit: '12.34', credit: '0' });
  });

  it('meets a conflict on its balance items with another placement, none of whose items it had named', async () => {
    const { posted, attempts, cash } = await postThroughConflicts(1, 1);
    expect(posted.status).toBe(200);
    expect(attempts).toHaveLength(2);
    const [first, second] = attempts as [string[], string[]];
    expect(first.length).toBeGreaterThan(0);
    expect(second.filter((item) => first.includes(item))).toEqual([]);
    expect(cash).toEqual({ debit: '12.34', credit: '0' });
  });

  it('after its last draw waits its turn on the same items, and posts once', async () => {
    const { posted, attempts, cash } = await postThroughConflicts(1, 3);
    expect(posted.status).toBe(200);
    expect(attempts).toHaveLength(4);
    expect(attempts[3]).toEqual(attempts[2]);
    expect(attempts[2]).not.toEqual(attempts[1]);
    expect(cash).toEqual({ debit: '12.34', credit: '0' });
  });
});
