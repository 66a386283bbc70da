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
