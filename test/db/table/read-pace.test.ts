import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { currentReadPace, pacedLimit } from '../../../shared/db/table/current-read-pace.ts';
import { withReadPace } from '../../../shared/db/table/read-pace.ts';
import { companyOwner, useGateway } from '../../support/api.ts';

/**
 * A bulk request's reads keep to its budget (BULK_READ_ITEMS_PER_SECOND, held by the run slots):
 * each read waits while the items read before it are ahead of the budget, one second's worth
 * allowed at the start. Reads outside a pace are not held.
 */
const gateway = useGateway();

describe('the read pace', () => {
  it('holds the reads made within it to its items a second, counting what each read answered, and leaves other reads alone', async () => {
    // Arrange: a company's partition holds a few items; reads of 2 items each, within a pace of 2 a second.
    const { companyId } = await companyOwner(gateway.url);
    const read = () => db().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.company(companyId).pk }, Limit: 2 }));

    // Act: four reads within the pace (the first second's 2 items, then 6 more at 2 a second), then four outside it.
    let paced = { ms: 0, items: 0 };
    await withReadPace(2, async () => {
      const t = performance.now();
      let items = 0;
      for (let i = 0; i < 4; i++) items += (await read()).Items?.length ?? 0;
      paced = { ms: performance.now() - t, items };
    });
    const t = performance.now();
    for (let i = 0; i < 4; i++) await read();
    const unpaced = performance.now() - t;

    // Assert: 8 items read; the last two reads each waited a second for the budget (2 s in all); none outside.
    expect(paced.items).toBe(8);
    expect(paced.ms).toBeGreaterThanOrEqual(1_900);
    expect(unpaced).toBeLessThan(1_000);
    expect(currentReadPace()).toBeUndefined();
  });

  it('makes a paging read within a pace ask for a tenth of a second\'s budget at most (25 at least), and leaves reads outside it as asked', async () => {
    // Act
    const within = await withReadPace(2_000, async () => [pacedLimit(1_000), pacedLimit(undefined), pacedLimit(50)]);
    const small = await withReadPace(60, async () => pacedLimit(1_000));

    // Assert
    expect(within).toEqual([200, 200, 50]);
    expect(small).toBe(25);
    expect([pacedLimit(1_000), pacedLimit(undefined)]).toEqual([1_000, undefined]);
  });

  it('does not hold reads with a budget of 0', async () => {
    // Act / assert
    await withReadPace(0, async () => expect(currentReadPace()).toBeUndefined());
  });
});
