import type { PeriodRecord, YearRecord } from '../../financial-years/records.ts';
import type { NodeAttributes, NodeRecord } from '../../tree/records.ts';

/**
 * A record as the store keeps it: with its use pin (pin-rules.ts), `pinnedUntil`, until when
 * (epoch ms) a busy account counts as used, a busy year as taking drafts or postings (never
 * before any of its periods' pins end) or a busy period as taking postings. Written only by
 * use-pins.ts. The domain's records do not name it; a record the stores read carries it when set.
 */
export type Pinned<T> = T & { pinnedUntil?: number | undefined };

export type StoredPeriod = Pinned<PeriodRecord>;
export type StoredYear = Pinned<Omit<YearRecord, 'periods'> & { periods: StoredPeriod[] }>;
export type StoredNode<A extends NodeAttributes = NodeAttributes> = Pinned<NodeRecord<A>>;

/** The use pin on a record as a store read it (undefined: none), whichever way it reached here. */
export const pinOf = (record: object): number | undefined => (record as Pinned<object>).pinnedUntil;
