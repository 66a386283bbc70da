import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ByteSink } from '../../../shared/exports/byte-sink.ts';
import { diskSpool, STALE_SPOOL_MS } from '../../../shared/exports/disk-spool.ts';
import { MEMORY_BYTES, spoolFor } from '../../../shared/exports/spool-for.ts';
import { MemorySpool, type Spool } from '../../../shared/exports/spool.ts';

const scratch = mkdtempSync(join(tmpdir(), 'spool-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lines of different lengths, some of them multi-byte, past a megabyte in all. */
const lines = Array.from({ length: 30_000 }, (_, i) => `${i} ${'حساب '.repeat(i % 13)}${'x'.repeat(i % 41)}\n`);

async function spooled(spool: Spool): Promise<Buffer> {
  for (const line of lines) spool.writeText(line);
  const sink = new ByteSink(Number.POSITIVE_INFINITY);
  sink.writeText('<head>');
  await spool.copyInto(sink);
  sink.writeText('<tail>');
  return sink.contents();
}

describe('spools', () => {
  const expected = Buffer.from(`<head>${lines.join('')}<tail>`, 'utf8');

  it('copy what they took into the file in its place, in memory and on disk alike', async () => {
    const memory = new MemorySpool(64 * 1024 * 1024);
    const disk = diskSpool(64 * 1024 * 1024, scratch);

    const [fromMemory, fromDisk] = [await spooled(memory), await spooled(disk)];

    expect(expected.length).toBeGreaterThan(1024 * 1024);
    expect(fromMemory.equals(expected)).toBe(true);
    expect(fromDisk.equals(expected)).toBe(true);
    expect(disk.bytes).toBe(expected.length - '<head><tail>'.length);
    expect(readdirSync(scratch).filter((n) => n.startsWith('ledger-spool-'))).toHaveLength(1);
    await disk.dispose();
    await disk.dispose();
    expect(readdirSync(scratch).filter((n) => n.startsWith('ledger-spool-'))).toEqual([]);
  });

  it('count past their cap and keep nothing beyond it, as any sink', async () => {
    const disk = diskSpool(100, scratch);
    disk.writeText('x'.repeat(150));
    const sink = new ByteSink(Number.POSITIVE_INFINITY);
    await disk.copyInto(sink);
    await disk.dispose();

    expect(disk.overflowed).toBe(true);
    expect(sink.bytes).toBe(0);
  });

  it('are made in memory for an API answer’s cap and on disk for an export job’s', async () => {
    const small = await spoolFor(4 * 1024 * 1024);
    const large = await spoolFor(MEMORY_BYTES + 1);

    expect(small).toBeInstanceOf(MemorySpool);
    expect(large).not.toBeInstanceOf(MemorySpool);
    await large.dispose();
  });

  it('remove a directory a dead run left behind once it is stale, and no other', async () => {
    const stale = join(scratch, 'ledger-spool-dead');
    const fresh = join(scratch, 'ledger-spool-live');
    mkdirSync(stale);
    mkdirSync(fresh);
    const old = (Date.now() - STALE_SPOOL_MS - 60_000) / 1000;
    utimesSync(stale, old, old);

    const spool = diskSpool(1024, scratch);
    await spool.dispose();

    expect([existsSync(stale), existsSync(fresh)]).toEqual([false, true]);
  });
});
