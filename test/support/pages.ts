import type { Client } from './api.ts';

/** Every result of a paged list, page after page (`path` may carry its own query); throws on an answer other than 200. */
export async function allResults<T = any>(api: Client, path: string, pageSize = 100): Promise<T[]> {
  const results: T[] = [];
  let page: string | null = null;
  do {
    const r: { status: number; text: string; body: { results: T[]; nextPage: string | null } } = await api.get(`${path}${path.includes('?') ? '&' : '?'}pageSize=${pageSize}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (r.status !== 200) throw new Error(`${path}: ${r.text}`);
    results.push(...r.body.results);
    page = r.body.nextPage;
  } while (page);
  return results;
}
