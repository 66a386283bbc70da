import { currentSerial, SerialTaken, serialOp } from '../db/journal-store.ts';
import type { WriteOp } from '../db/transact.ts';

const MAX_ATTEMPTS = 25;

/**
 * Runs `commit` with the next serial number and the write that claims it. If another journal
 * claimed that number first, reads the counter again and retries with jitter: numbers stay
 * sequential, unique and never reused, at the price of serialising creates per company.
 */
export async function withNextSerial<T>(companyId: string, commit: (serial: number, claim: WriteOp) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const last = await currentSerial(companyId);
    try {
      return await commit(last + 1, serialOp(companyId, last, last + 1));
    } catch (error) {
      if (!(error instanceof SerialTaken) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 8)));
    }
  }
}
