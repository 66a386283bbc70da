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
