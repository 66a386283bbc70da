/** The items in consecutive chunks of at most `size` (a plain helper every layer uses: transactions, batches, steps). */
export const inChunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
