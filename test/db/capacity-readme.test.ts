import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * shared/db/capacity/README.md is the design of the capacity wing: it names every file of the
 * folders that hold it by its path from shared/db, so a file added there without its place in
 * the design fails here, and it stays short enough to be read whole.
 */
const DB = resolve(import.meta.dirname, '../../shared/db');
const FOLDERS = ['capacity', 'events', 'ledger'];
const MAX_LINES = 250;

/** Every .ts file under `folder` of `root`, at any depth, by its path from `root` with `/` separators, sorted. */
function tsFilesUnder(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Whether `text` names `path` as a path of its own (alone or after shared/db/), not as the tail of another (shared/events/...). */
function mentions(text: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\w./-]|shared/db/)${escaped}(?![\\w-]|\\.\\w)`, 'm').test(text);
}

const lineCount = (text: string) => text.trimEnd().split('\n').length;

describe('shared/db/capacity/README.md', () => {
  const readme = readFileSync(join(DB, 'capacity/README.md'), 'utf8');

  it(`names every .ts file under shared/db/${FOLDERS.join(', ')} by its path from shared/db`, () => {
    const files = FOLDERS.flatMap((folder) => tsFilesUnder(DB, folder));
    // Each folder holds the wing's files: an empty listing would pass without checking anything.
    for (const folder of FOLDERS) expect(files.some((file) => file.startsWith(`${folder}/`)), `no .ts file under shared/db/${folder}`).toBe(true);
    expect(files.filter((file) => !mentions(readme, file)), 'files the README does not name').toEqual([]);
  });

  it(`is at most ${MAX_LINES} lines`, () => {
    expect(lineCount(readme)).toBeLessThanOrEqual(MAX_LINES);
  });
});

describe('how the README check reads files and names', () => {
  it('lists .ts files at any depth by their path from the root, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'capacity-readme-'));
    try {
      mkdirSync(join(root, 'ledger/deep'), { recursive: true });
      for (const file of ['ledger/a.ts', 'ledger/deep/b.ts', 'ledger/notes.md', 'ledger/c.tsx']) writeFileSync(join(root, file), '');
      mkdirSync(join(root, 'ledger/dir.ts'));
      expect(tsFilesUnder(root, 'ledger')).toEqual(['ledger/a.ts', 'ledger/deep/b.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes a path alone or after shared/db/, not as the tail of another path or name', () => {
    expect(mentions('| `events/event-store.ts` |', 'events/event-store.ts')).toBe(true);
    expect(mentions('events/event-store.ts at the start', 'events/event-store.ts')).toBe(true);
    expect(mentions('see shared/db/events/event-store.ts.', 'events/event-store.ts')).toBe(true);
    expect(mentions('see shared/events/event-store.ts', 'events/event-store.ts')).toBe(false);
    expect(mentions('`events/event-store.tsx`', 'events/event-store.ts')).toBe(false);
    expect(mentions('events/event-store.ts.bak', 'events/event-store.ts')).toBe(false);
    expect(mentions('`old-events/event-store.ts`', 'events/event-store.ts')).toBe(false);
    expect(mentions('`events/event-store-ts`', 'events/event-store.ts')).toBe(false);
  });

  it('counts lines without the final newline', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});
