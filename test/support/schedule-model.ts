import Big from 'big.js';

/** The naive model of a schedule's dates: every day from the start, kept when it is the schedule's day, counted and bounded by hand. */
export interface ModelSchedule {
  recurrence: { frequency: 'monthly' | 'quarterly' | 'yearly'; dayOfMonth: number | 'last' } | { frequency: 'everyNDays'; days: number };
  startDate: string;
  endDate?: string | null | undefined;
  count?: number | null | undefined;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function naiveDates(s: ModelSchedule, until: string): string[] {
  const found: string[] = [];
  const r = s.recurrence;
  const start = dayOf(s.startDate);
  const startMonth = +s.startDate.slice(0, 4) * 12 + +s.startDate.slice(5, 7) - 1;
  for (let day = start; dateOf(day) <= until; day++) {
    const date = dateOf(day);
    if (s.endDate && date > s.endDate) break;
    if (s.count != null && found.length >= s.count) break;
    const [y, m, d] = [+date.slice(0, 4), +date.slice(5, 7), +date.slice(8, 10)];
    let due: boolean;
    if (r.frequency === 'everyNDays') due = (day - start) % r.days === 0;
    else {
      const step = { monthly: 1, quarterly: 3, yearly: 12 }[r.frequency];
      const monthLength = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const wanted = r.dayOfMonth === 'last' ? monthLength : Math.min(r.dayOfMonth, monthLength);
      due = (y * 12 + m - 1 - startMonth) % step === 0 && d === wanted;
    }
    if (due) found.push(date);
  }
  return found;
}

/** An allocation as the naive model takes it: a total in minor units spread from a start date over calendar months. */
export interface ModelAllocation {
  kind: 'prepayment' | 'deferredRevenue' | 'accrual';
  method: 'straightLine' | 'daysInPeriod' | 'givenAmounts';
  /** Decimal text with two decimals. */
  totalAmount: string;
  periods: number;
  amounts: string[] | null;
  startDate: string;
}

/**
 * The naive model of an allocation's journals: the months walked day by day from the start, each
 * month's exact share (big.js) cut to cents, the rest on the last; an accrual's reversal the next day.
 */
export function naiveAllocation(a: ModelAllocation): Array<{ date: string; amount: string; reversal: boolean }> {
  const days = new Map<string, number>();
  const months: string[] = [];
  for (let day = dayOf(a.startDate); months.length <= a.periods; day++) {
    const month = dateOf(day).slice(0, 7);
    if (!days.has(month)) months.push(month);
    days.set(month, (days.get(month) ?? 0) + 1);
  }
  months.length = a.periods;
  const weights = months.map((m, i) => (a.method === 'givenAmounts' ? new Big(a.amounts![i]!) : a.method === 'daysInPeriod' ? new Big(days.get(m)!) : new Big(1)));
  const sum = weights.reduce((s, w) => s.plus(w), new Big(0));
  const shares = weights.map((w) => new Big(a.totalAmount).times(w).div(sum).round(2, Big.roundDown));
  shares[shares.length - 1] = new Big(a.totalAmount).minus(shares.slice(0, -1).reduce((s, x) => s.plus(x), new Big(0)));
  return months.flatMap((m, i) => {
    const end = dateOf(dayOf(`${m}-01`) + days.get(m)! - 1 + (i === 0 ? +a.startDate.slice(8, 10) - 1 : 0));
    const share = { date: end, amount: shares[i]!.toFixed(2), reversal: false };
    return a.kind === 'accrual' ? [share, { date: dateOf(dayOf(end) + 1), amount: share.amount, reversal: true }] : [share];
  });
}
