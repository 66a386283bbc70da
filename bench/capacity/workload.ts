/**
 * The capacity benchmark's workload, reproducible from a seed: arrival times of an open-loop
 * load (a Poisson process at the offered rate, in simulated ms) and two-line journals on a
 * Zipf-distributed chart, the hot cash account on one side of every journal.
 */

/** Arrival instants (simulated ms from 0) of `perSecond` arrivals a second for `seconds`. */
export function arrivals(perSecond: number, seconds: number, random: () => number): number[] {
  const times: number[] = [];
  for (let t = -Math.log(1 - random()) * (1000 / perSecond); t < seconds * 1000; t += -Math.log(1 - random()) * (1000 / perSecond)) times.push(t);
  return times;
}

/** Picks one of `count` items, the k-th (from 0) with weight 1/(k+1)^s. */
export function zipf(count: number, s: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < count; k++) cumulative.push((total += 1 / (k + 1) ** s));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/** A two-line journal: cash against a Zipf-chosen account, cash debited or credited at random. */
export function journalMaker(cash: string, others: string[], random: () => number) {
  const pick = zipf(others.length, 1.1, random);
  return () => {
    const amount = (1 + Math.floor(random() * 100_000)) / 100;
    const cashSide = random() < 0.5 ? 1 : 2;
    return [
      { accountId: cash, side: cashSide, amount },
      { accountId: others[pick()]!, side: 3 - cashSide, amount },
    ];
  };
}
