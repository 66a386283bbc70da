import { describe, expect, it } from 'vitest';
import type { YearRecord } from '../../../shared/financial-years/records.ts';
import { monthlyPeriods } from '../../../shared/financial-years/rules.ts';
import { postingPeriod } from '../../../shared/financial-years/posting-rules.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';

function year(status: YearRecord['status'], periodStatus: (index: number) => YearRecord['periods'][number]['status'] = () => 'open'): YearRecord {
  const periods = monthlyPeriods({ startDate: '2026-01-01', endDate: '2026-12-31' }).map((p, i) => ({ ...p, id: `p${i + 1}`, number: i + 1, name: `P${i + 1}`, status: periodStatus(i), version: 1 }));
  return { id: 'y1', name: 'FY 2026', status, startDate: '2026-01-01', endDate: '2026-12-31', version: 1, periods, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
}

const refusalOf = (place: ReturnType<typeof postingPeriod>) => ('refusal' in place ? { status: place.refusal.status, ...place.refusal.items[0] } : undefined);

describe('where a posting goes', () => {
  it('takes the period of an open year that contains the date', () => {
    const open = year('open');

    const place = postingPeriod(COMPANY, '2026-03-15', open);

    expect(place).toEqual({ year: open, period: open.periods[2] });
  });

  it('refuses a date no year contains, naming postingDate and the way out', () => {
    expect(refusalOf(postingPeriod(COMPANY, '2030-01-01', undefined))).toMatchObject({ status: 400, name: 'postingDate', code: 'NoFinancialYear', reason: expect.stringContaining(`/Companies/${COMPANY}/FinancialYears`) });
  });

  it('refuses a closed year, and a locked or closed period with the way to reopen it', () => {
    expect(refusalOf(postingPeriod(COMPANY, '2026-03-15', year('closed')))).toMatchObject({ status: 409, name: 'postingDate', code: 'PeriodNotOpen', reason: expect.stringContaining('closed year is never reopened') });
    const locked = year('open', (i) => (i === 2 ? 'locked' : i === 3 ? 'closed' : 'open'));
    expect(refusalOf(postingPeriod(COMPANY, '2026-03-15', locked))).toMatchObject({ status: 409, code: 'PeriodNotOpen', reason: expect.stringMatching(/is locked; unlock it with .*\/Periods\/p3\/Reopen/) });
    expect(refusalOf(postingPeriod(COMPANY, '2026-04-15', locked))).toMatchObject({ status: 409, code: 'PeriodNotOpen', reason: expect.stringMatching(/is closed; reopen it with/) });
    expect(postingPeriod(COMPANY, '2026-05-15', locked)).toMatchObject({ period: { id: 'p5' } });
  });
});
