import { describe, expect, it } from 'vitest';
import { attachedRetainUntil, attachmentRetainUntil, bucketLockEnd, financialYearEnd, yearsAfterYearEnd } from '../../../shared/attachments/retention.ts';

/** An attachment's lock: the company's years after the end of its journal's financial year, never before the bucket's own (shared/attachments/retention.ts). */
const calendar = [
  { startDate: '2025-01-01', endDate: '2025-12-31' },
  { startDate: '2026-01-01', endDate: '2026-12-31' },
];
const uploadedAt = new Date('2026-03-10T09:30:15Z');

describe('an attachment locked for its company\'s retention', () => {
  it('counts whole years from the day after the financial year ends, at 00:00 UTC', () => {
    expect(yearsAfterYearEnd('2025-12-31', 6).toISOString()).toBe('2032-01-01T00:00:00.000Z');
    expect(yearsAfterYearEnd('2025-12-31', 7).toISOString()).toBe('2033-01-01T00:00:00.000Z');
    // A year ending in June.
    expect(yearsAfterYearEnd('2026-06-30', 6).toISOString()).toBe('2032-07-01T00:00:00.000Z');
  });

  it('rolls a 29 February the target year lacks on to 1 March, never back', () => {
    // A year ending the day before a leap day: its day after is 29 February 2028.
    expect(yearsAfterYearEnd('2028-02-28', 6).toISOString()).toBe('2034-03-01T00:00:00.000Z');
    expect(yearsAfterYearEnd('2028-02-28', 4).toISOString()).toBe('2032-02-29T00:00:00.000Z');
    // A year ending on a leap day: counted from 1 March.
    expect(yearsAfterYearEnd('2028-02-29', 7).toISOString()).toBe('2035-03-01T00:00:00.000Z');
    expect(yearsAfterYearEnd('2027-02-28', 6).toISOString()).toBe('2033-03-01T00:00:00.000Z');
  });

  it('finds the financial year of the date; a date in no year yet counts from the latest end a year holding it could have', () => {
    expect(financialYearEnd('2026-03-01', calendar)).toBe('2026-12-31');
    expect(financialYearEnd('2025-12-31', calendar)).toBe('2025-12-31');
    // A financial year spans at most 731 days: one holding 2027-01-05 ends by 2029-01-04.
    expect(financialYearEnd('2027-01-05', calendar)).toBe('2029-01-04');
  });

  it("takes the journal's latest date: its posting date once posted in a later year", () => {
    // Uploaded days after the date: the bucket's own lock (to 2031-12-24) ends before the law's.
    const basis = { years: 6, financialYears: calendar, uploadedAt: new Date('2025-12-22T10:00:00Z'), bucketYears: 6 };
    expect(attachmentRetainUntil({ ...basis, journalDates: ['2025-12-20'] }).toISOString()).toBe('2032-01-01T00:00:00.000Z');
    expect(attachmentRetainUntil({ ...basis, journalDates: ['2025-12-20', '2026-01-03'] }).toISOString()).toBe('2033-01-01T00:00:00.000Z');
    expect(attachmentRetainUntil({ ...basis, years: 7, journalDates: ['2026-01-03'] }).toISOString()).toBe('2034-01-01T00:00:00.000Z');
  });

  it("is never before the bucket's own lock of the upload, which S3 would not shorten", () => {
    // The bucket's 6 years (365 days each, plus a day per leap day they can hold) from the upload, to the next whole day.
    expect(bucketLockEnd(uploadedAt, 6).toISOString()).toBe('2032-03-11T00:00:00.000Z');
    // A document of 2025 uploaded in March 2026: the law's date (2032-01-01) is before the bucket's.
    expect(attachmentRetainUntil({ years: 6, journalDates: ['2025-06-01'], financialYears: calendar, uploadedAt, bucketYears: 6 }).toISOString()).toBe('2032-03-11T00:00:00.000Z');
    // A bucket kept 10 years by its deployment.
    expect(attachmentRetainUntil({ years: 7, journalDates: ['2026-06-01'], financialYears: calendar, uploadedAt, bucketYears: 10 }).toISOString()).toBe('2036-03-11T00:00:00.000Z');
    // No journal (uploaded to the company, or the journal gone): counted from the year of the upload's day.
    expect(attachmentRetainUntil({ years: 6, journalDates: [], financialYears: calendar, uploadedAt, bucketYears: 6 }).toISOString()).toBe('2033-01-01T00:00:00.000Z');
  });

  it('lengthens the lock of a file uploaded without a journal to its journal\'s year once attached, and never shortens it', () => {
    // 2027 is in no year yet: a year holding 2027-02-01 ends by 2029-01-31.
    expect(attachedRetainUntil('2033-01-01T00:00:00.000Z', ['2027-02-01'], calendar, 6).toISOString()).toBe('2035-02-01T00:00:00.000Z');
    expect(attachedRetainUntil('2033-01-01T00:00:00.000Z', ['2025-02-01'], calendar, 6).toISOString()).toBe('2033-01-01T00:00:00.000Z');
    expect(attachedRetainUntil(undefined, ['2025-02-01'], calendar, 7).toISOString()).toBe('2033-01-01T00:00:00.000Z');
  });
});
