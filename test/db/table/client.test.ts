import { randomUUID } from 'node:crypto';
import { GetCommand, NumberValue, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db, SDK_LOGGER_STEP } from '../../../shared/db/table/client.ts';

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
});
