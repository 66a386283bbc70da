import { runImports } from '../../functions/ops/run-imports.ts';
import type { Client } from './api.ts';
import { allResults } from './pages.ts';

/** Sends an import and runs the worker on the company's jobs (as the stack's worker would), answering the job as it ended. */
export async function imported(api: Client, base: string, companyId: string, body: Record<string, unknown>) {
  const created = await api.post(`${base}/Imports`, body);
  if (created.status !== 200) throw new Error(`import refused: ${created.text}`);
  await runImports({ companyId });
  const job = await api.get(`${base}/Imports/${created.body.id}`);
  return job.body;
}

/** Every error of a job's report, page after page. */
export const allErrors = (api: Client, base: string, importId: string) => allResults<{ row: number; field: string; reason: string; code: string }>(api, `${base}/Imports/${importId}/Errors`);

/** A CSV text from a header and rows (values with commas or quotes quoted, RFC 4180). */
export function csv(header: string[], rows: Array<Array<string | number>>): string {
  const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v));
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
