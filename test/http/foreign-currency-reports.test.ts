import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../shared/config.ts';
import { db } from '../../shared/db/client.ts';
import { companyOwner, useGateway, type Client } from '../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../support/ledger.ts';

/**
 * Reports of books with foreign-currency lines: every figure stays in the base currency (SAR);
 * the general ledger shows each line's currency, amount in it, rate and base amount, and trial
 * balance rows carry their foreign currencies' opening, movement and closing in each currency.
 */
const gateway = useGateway();

async function books() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  await year2026(owner.api, owner.base);
  return { ...owner, chart };
}

type Entry = ReturnType<typeof debit> & { currency?: string; exchangeRate?: string };
const inCurrency = (line: Entry, currency: string, exchangeRate: string) => ({ ...line, currency, exchangeRate });

const ledger = async (api: Client, base: string, accountId: string, range = 'dateFrom=2026-01-01&dateTo=2026-12-31') => {
  const r = await api.get(`${base}/Reports/GeneralLedger?accountId=${accountId}&${range}&pageSize=100`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

const money = (l: { currency: string; amount: string; exchangeRate: string; baseAmount: string; balance: string }) => [l.currency, l.amount, l.exchangeRate, l.baseAmount, l.balance];

describe('general ledger of foreign-currency lines', () => {
  it('shows each line’s currency, amount in it, rate and base amount, with the running balance in base', async () => {
    const { api, base, chart } = await books();

    // 100 USD at 3.75 = 375.00; 10.005 KWD at 12.25 = 122.56125 -> 122.56; the sale in SAR.
    await postedJournal(api, base, '2026-01-15', [inCurrency(debit(chart.bank.id, '100'), 'USD', '3.75'), inCurrency(debit(chart.cash.id, '10.005'), 'KWD', '12.25'), credit(chart.sales.id, '497.56')]);
    await postedJournal(api, base, '2026-02-01', [debit(chart.rent.id, '75.00'), inCurrency(credit(chart.bank.id, '20'), 'USD', '3.75')]);

    const bank = await ledger(api, base, chart.bank.id);
    expect(bank.results.map(money)).toEqual([
      ['USD', '100.00', '3.75', '375.00', '375.00'],
      ['USD', '20.00', '3.75', '75.00', '300.00'],
    ]);
    expect(bank).toMatchObject({ currency: 'SAR', openingBalance: '0.00', closingBalance: '300.00' });
    expect((await ledger(api, base, chart.cash.id)).results.map(money)).toEqual([['KWD', '10.005', '12.25', '122.56', '122.56']]);
    expect((await ledger(api, base, chart.sales.id)).results.map(money)).toEqual([['SAR', '497.56', '1', '497.56', '-497.56']]);
    // A category's ledger: its leaves' lines in posting order, each in its own currency.
    expect((await ledger(api, base, chart.assets.id)).results.map((l: { currency: string }) => l.currency)).toEqual(['USD', 'KWD', 'USD']);
  });

  it('shows lines of journals without currency fields, and ledger items kept before currencies, as base lines', async () => {
    const { api, base, companyId, chart } = await books();
    await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, '1000.10', chart.hq.id), credit(chart.sales.id, '1000.10', chart.hq.id)]);
    const expected = [['SAR', '1000.10', '1', '1000.10', '1000.10']];
    expect((await ledger(api, base, chart.cash.id)).results.map(money)).toEqual(expected);

    // A ledger item as written before lines had currencies: no currency on its lines.
    const { Items } = await db().send(
      new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `COMPANY#${companyId}`, ':p': `LEDGER#${chart.cash.id}#` } }),
    );
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: { pk: Items![0]!.pk, sk: Items![0]!.sk }, UpdateExpression: 'REMOVE #lines[0].currency', ExpressionAttributeNames: { '#lines': 'lines' } }));

    expect((await ledger(api, base, chart.cash.id)).results.map(money)).toEqual(expected);
  });
});
