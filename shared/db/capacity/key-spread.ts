/**
 * Which of `count` key values a text belongs to: FNV-1a (32 bits) of its UTF-16 code units,
 * modulo `count`. The same text always lands on the same value, so an item rewritten later
 * (a delivery leased, then recorded) stays under its index key instead of moving between them.
 */
export function spreadSlot(text: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash % count;
}
