import { createHash } from 'node:crypto';

/**
 * The id of a record an import writes, derived from the job and what the record stands for
 * (a row, a journal's reference): every worker that runs the job, a resumed one too, gives a
 * record the same id, so the job recognises what it wrote itself. A UUID of version 8 (RFC 9562,
 * custom), built from SHA-256.
 */
export function importedId(importId: string, what: string): string {
  const hex = createHash('sha256').update(`${importId}\u0000${what}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The id of the counterparty an import brings in for `partyId`, the party's id in the system the
 * file comes from: the same in every import of the company (a re-run finds it, and a SAF-T
 * file's lines naming the party name it), whichever job wrote it.
 */
export const partyCounterpartyId = (partyId: string): string => importedId('counterparty', partyId);
