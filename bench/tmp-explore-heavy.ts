// exploration only (not committed): one loaded company, several settings in turn
import { startBenchStack } from './local-stack.ts';
import { verifyCompany } from './verify-company.ts';
import { benchHeavyReaders } from './heavy-readers.ts';
const lines = Number(process.env.BENCH_HEAVY_LINES ?? 30_000);
process.env.LOCAL_ISOLATION ??= 'environments';
const stack = await startBenchStack();
const t = performance.now();
const loaded = await verifyCompany(stack, 'Heavy Readers Co', lines);
console.log(`loaded ${lines} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
const settings = JSON.parse(process.env.SETTINGS ?? '[{}]') as Array<Record<string, string>>;
for (const s of settings) {
  Object.assign(process.env, s);
  const t0 = performance.now();
  const r = await benchHeavyReaders(stack, { base: loaded.books.base, busyAccountId: loaded.books.accounts[0]!, events: lines, lines });
  console.log('RESULT', JSON.stringify(s), JSON.stringify({ n: r.neighbour, verifySlowest: r.verify.slowestRunSeconds, v429: r.verify.refused429, exportSlowest: r.exports.slowestClientSeconds, e503: r.exports.unavailable503 + r.verify.unavailable503, secs: Math.round((performance.now() - t0) / 1000) }));
}
await stack.stop();
process.exit(0);
