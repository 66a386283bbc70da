import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { spreadSlot } from '../../../shared/db/capacity/key-spread.ts';
import { DUE_DELIVERY_KEYS } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/keys.ts';

describe('spreading an index key over several values', () => {
  it('puts a text on the same value every time, and many texts on every value about evenly', () => {
    const texts = Array.from({ length: 3200 }, () => `${randomUUID()} ${randomUUID()} ${Math.floor(Math.random() * 1e6)}`);
    const counts = new Array<number>(DUE_DELIVERY_KEYS).fill(0);
    for (const text of texts) {
      const slot = spreadSlot(text, DUE_DELIVERY_KEYS);
      expect(spreadSlot(text, DUE_DELIVERY_KEYS)).toBe(slot);
      counts[slot]!++;
    }
    // 200 a value on average; a fair spread keeps every value well within half and twice that.
    expect(Math.min(...counts)).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBeLessThan(400);
  });

  it("keeps a delivery's due-index key value when its due time changes, and the sweep's list holds every value", () => {
    const companyId = randomUUID();
    const webhookId = randomUUID();
    const first = keys.dueDelivery('2026-01-01T00:00:00.000Z', companyId, webhookId, 7);
    const later = keys.dueDelivery('2026-01-01T01:00:00.000Z', companyId, webhookId, 7);
    expect(later.gsi1pk).toBe(first.gsi1pk);
    expect(later.gsi1sk).not.toBe(first.gsi1sk);
    const partitions = keys.dueDeliveriesPartitions();
    expect(new Set(partitions).size).toBe(DUE_DELIVERY_KEYS);
    expect(partitions).toContain(first.gsi1pk);
    expect(partitions).not.toContain(keys.dueDeliveriesBeforeSpread);
  });
});
