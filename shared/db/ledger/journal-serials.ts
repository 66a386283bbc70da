import type { AppError } from '../../errors.ts';
import { advanceCounter, drawFromBlock, giveBackToBlock } from '../capacity/serial-draw.ts';
import * as keys from '../table/keys.ts';
import { conditions, mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Journals' serial numbers: they come from a per-company counter, drawn in blocks before the
 * journal's transaction (drawSerial), and given back to the block by a request refused after
 * drawing one (giveBackSerial).
 */

/**
 * Draws the company's next serial number, from this instance's block (serial-draw.ts): no two
 * draws anywhere get one number. A number drawn by a create that then fails, or left in a block
 * its instance drops, is not reused (docs/decisions.md, serialNumber).
 */
export function drawSerial(companyId: string): Promise<number> {
  return drawFromBlock(companyId);
}

/**
 * Gives back the number drawSerial answered, to a request refused after drawing it: to this
 * instance's block, when no later number of it was handed out meanwhile (then it stays a gap).
 */
export function giveBackSerial(companyId: string, serial: number): void {
  giveBackToBlock(companyId, serial);
}

/**
 * Draws `count` consecutive serial numbers at once (one increment of the counter) and answers
 * the first: a bulk import numbers its journals from it.
 */
export async function drawSerials(companyId: string, count: number): Promise<number> {
  return (await advanceCounter(companyId, count)) - count + 1;
}

/** The company has never had a journal (its serial counter was never advanced). */
export function noJournalsYetOp(companyId: string, error: () => AppError): WriteOp {
  return mainTable.check(keys.journalCounter(companyId), conditions.absent, error);
}
