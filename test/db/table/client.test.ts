import { describe, expect, it } from 'vitest';
import { db, SDK_LOGGER_STEP } from '../../../shared/db/table/client.ts';

describe('the document client', () => {
  it("leaves out the SDK's logger step, which copies every answer for a logger that discards it", () => {
    // Arrange / act
    const steps = db().middlewareStack.identify();

    // Assert: the step is gone, and it is the SDK's name for it (the counting step is still there).
    expect(steps.some((s) => s.startsWith(`${SDK_LOGGER_STEP} `))).toBe(false);
    expect(steps.some((s) => s.startsWith('countDatabaseCalls '))).toBe(true);
  });
});
