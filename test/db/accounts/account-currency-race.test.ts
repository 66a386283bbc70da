import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { faultInjector } from '../support/faults.ts';
import { draft, leaf, replace } from '../../support/account-requests.ts';

/**
 * An account's currency changing between a draft's read and its commit, the draft's transaction
 * held until the change is made (test/http/accounts/account-currency.test.ts: the rest of the rule).
 */
const gateway = useGateway();

const books = (baseCurrency = 'SAR') => companyBooks(gateway.url, baseCurrency);

describe('account currency at commit', () => {
  it('refuses a draft whose account took another currency between its read and its write', async () => {
    const { api, base, chart } = await books();
    const account = await leaf(api, base, chart.assets.id, '1103');
    const faults = faultInjector();
    let changed: Awaited<ReturnType<Client['put']>> | undefined;
    // The draft's transaction names the account; just before it commits, the account takes USD.
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Array<Record<string, { Item?: Record<string, unknown> }>> }) => {
      const isDraft = input.TransactItems.some((item) => item.Put?.Item?.entity === 'Journal');
      if (isDraft && !changed) changed = await replace(api, base, account, { currency: 'USD' });
      return faults.realSend(new TransactWriteCommand(input as never));
    });

    let created;
    try {
      created = await draft(api, base, [{ ...debit(account.id, '10'), currency: 'EUR', exchangeRate: '4' }, credit(chart.sales.id, '40.00')]);
    } finally {
      faults.mock.restore();
    }

    expect(changed?.status, changed?.text).toBe(200);
    expect((changed?.body as { currency: string }).currency).toBe('USD');
    expect(created.status, created.text).toBe(409);
    expect(created.body.errors[0].code).toBe('Conflict');
    expect((await api.get(`${base}/Journals?pageSize=10`)).body.results).toHaveLength(0);
  });
});
