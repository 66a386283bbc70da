import type { Client } from './api.ts';

/** Every event of a company's feed, page after page; a page answered with anything but 200 fails the walk. */
export async function wholeFeed<E>(api: Client, base: string): Promise<E[]> {
  const events: E[] = [];
  let page: string | null = null;
  do {
    const response = await api.get(`${base}/Events?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (response.status !== 200) throw new Error(response.text);
    events.push(...(response.body.results as E[]));
    page = response.body.nextPage as string | null;
  } while (page);
  return events;
}

/** An event as the feed answers it. */
export interface FeedEvent {
  id: string;
  sequence: number;
  type: string;
  recordId: string;
  version: number;
  actor: { type: string; id: string } | null;
  occurredAt: string;
  data: Record<string, unknown> | null;
}

/** Every event after `after`, seven a page through the cursors (`query` adds filters). */
export async function walkFeed(api: Client, base: string, query = '', after = 0): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let page: string | null = null;
  do {
    const cursor: string = page ? `&page=${encodeURIComponent(page)}` : '';
    const response = await api.get(`${base}/Events?pageSize=7&after=${after}${query}${cursor}`);
    if (response.status !== 200) throw new Error(response.text);
    events.push(...response.body.results);
    page = response.body.nextPage;
  } while (page);
  return events;
}
