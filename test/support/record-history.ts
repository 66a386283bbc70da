import type { ApiResponse, Client } from './api.ts';

/** One version of a record's history, as `GET …/History` answers it. */
export interface Version {
  version: number;
  type: string;
  actor: { type: string; id: string; createdBy: string | null } | null;
  requestId: string | null;
  occurredAt: string;
  sequence: number;
  state: Record<string, unknown> | null;
}

/** Every version of a record's history, page by page. */
export async function history(api: Client, path: string, pageSize = 2): Promise<Version[]> {
  const versions: Version[] = [];
  let page: string | null = null;
  do {
    const response: ApiResponse = await api.get(`${path}/History?pageSize=${pageSize}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (response.status !== 200) throw new Error(response.text);
    versions.push(...response.body.results);
    page = response.body.nextPage;
  } while (page);
  return versions;
}
