/** The p-th percentile of `values` (nearest rank below), 0 for none. */
export const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;
