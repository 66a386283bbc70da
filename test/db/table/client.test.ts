import { randomUUID } from 'node:crypto';
import { GetCommand, NumberValue, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db, SDK_LOGGER_STEP } from '../../../shared/db/table/client.ts';
import { EMULATOR_AUTHORIZATION } from '../../../shared/db/table/emulator-signer.ts';
import { watchAuthorizations } from '../../support/authorizations-seen.ts';

describe('the document client', () => {
  it("leaves out the SDK's logger step, which copies every answer for a logger that discards it", () => {
    // Arrange / act
    const steps = db().middlewareStack.identify();

    // Assert: the step is gone, and it is the SDK's name for it (the counting step is still there).
    expect(steps.some((s) => s.startsWith(`${SDK_LOGGER_STEP} `))).toBe(false);
    expect(steps.some((s) => s.startsWith('countDatabaseCalls '))).toBe(true);
  });

  it('reads a decimal back as its text, even one whose nearest double is a whole number; a whole number as a number', async () => {
    // Arrange: 999999999999999.02 as a double is 999999999999999, a safe integer.
    const key = { pk: `TEST#${randomUUID()}`, sk: 'NUMBERS' };
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...key, fine: NumberValue.from('999999999999999.02'), small: NumberValue.from('12.5'), whole: 42 } }));

    // Act
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));

    // Assert
    expect(String(Item!.fine)).toBe('999999999999999.02');
    expect(String(Item!.small)).toBe('12.5');
    expect(Item!.whole).toBe(42);
  });

  it('sends DynamoDB Local its requests under a fixed Authorization header, not a SigV4 signature, and is answered', async () => {
    // Arrange: the local environment the suite runs in names the emulator and asks for it.
    expect([process.env.DYNAMODB_UNSIGNED, config.dynamoEndpoint]).toEqual(['1', expect.any(String)]);
    const client = db();
    const authorizations = watchAuthorizations(client);

    // Act
    try {
      const key = { pk: `TEST#${randomUUID()}`, sk: 'UNSIGNED' };
      await client.send(new PutCommand({ TableName: config.tableName, Item: { ...key, n: 1 } }));
      const { Item } = await client.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));

      // Assert: written and read back; no request carried a signature of its own.
      expect(Item!.n).toBe(1);
    } finally {
      authorizations.stop();
    }
    expect(authorizations.seen).toEqual([EMULATOR_AUTHORIZATION, EMULATOR_AUTHORIZATION]);
  });
});
