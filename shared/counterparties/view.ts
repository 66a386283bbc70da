import type { ResponseOf } from '../schemas/responses.ts';
import type { CounterpartyRecord } from './records.ts';

/** A counterparty as the API answers it (and as its events and history record it). */
export type CounterpartyView = ResponseOf<'CounterpartyResponse'>;

export const counterpartyView = (r: CounterpartyRecord): CounterpartyView => ({
  id: r.counterpartyId,
  name: r.name,
  country: r.country,
  taxRegistrationNumber: r.taxRegistrationNumber,
  active: r.active,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
