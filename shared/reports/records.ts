import type { AuditHead } from '../audit/chain.ts';

/**
 * A stored report: immutable, its figures as they were when it was made. Pure types;
 * shared/db/stores/report-store.ts stores and reads them.
 */
export interface ReportSnapshot<F = unknown> {
  id: string;
  kind: string;
  parameters: Record<string, unknown>;
  createdAt: string;
  createdBy: { type: 'user' | 'apiKey'; id: string };
  /** The chain's head when the snapshot was made: every change numbered at or before it is in the figures. */
  auditHead?: AuditHead | undefined;
  figures: F;
}

/** A stored report without its figures, as lists show it. */
export type ReportSummary = Omit<ReportSnapshot, 'figures'>;
