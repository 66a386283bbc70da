import { createHash } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from './client/schema.d.ts';

/**
 * Keeping a journal's source document with the typed client: a supplier's invoice (a small PDF
 * made here) is declared on the journal, uploaded straight to storage through the presigned URL
 * the declaration answers, found available once storage has it (the service checks it as it
 * lands), downloaded back, kept once the journal is posted, and checked again by Verify.
 *
 *   npm start                                                    # in one shell
 *   TOKEN=$(npm run -s token -- --email you@example.com) npm run attachments-walkthrough
 *
 * It finds the running stack as `npm run token` does; LEDGER_URL sends it to another address.
 */
type Log = (line: string) => void;

/** A one-page PDF of the invoice: a few hundred bytes, enough for a viewer to open. */
export function invoicePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export async function attachmentsWalkthrough(baseUrl: string, token: string, log: Log = console.log) {
  const api = createClient<paths, 'application/json'>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const ok = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
    if (result.error !== undefined || result.data === undefined) throw new Error(`${result.response.status} ${JSON.stringify(result.error)}`);
    return result.data;
  };
  const name = (english: string, arabic: string) => ({ english, arabic });
  const company = ok(await api.POST('/api/v1/Companies', { body: { name: 'Jeddah Print House', baseCurrency: 'SAR' } }));
  const companyId = company.id;
  const path = { path: { companyId } };
  const category = async (code: string, english: string, arabic: string, classification: 'asset' | 'expense') =>
    ok(await api.POST('/api/v1/Companies/{companyId}/Accounts', { params: path, body: { code, name: name(english, arabic), type: 'category', classification } }));
  const leaf = async (code: string, english: string, arabic: string, parent: { id: string }) => ok(await api.POST('/api/v1/Companies/{companyId}/Accounts', { params: path, body: { code, name: name(english, arabic), type: 'leaf', parentId: parent.id } }));
  const bank = await leaf('1102', 'Bank', 'البنك', await category('1', 'Assets', 'الأصول', 'asset'));
  const supplies = await leaf('5103', 'Office supplies', 'لوازم مكتبية', await category('5', 'Expenses', 'المصروفات', 'expense'));
  ok(await api.POST('/api/v1/Companies/{companyId}/FinancialYears', { params: path, body: { startDate: '2026-01-01', endDate: '2026-12-31' } }));
  const draft = ok(await api.POST('/api/v1/Companies/{companyId}/Journals', { params: path, body: { date: '2026-05-12', reference: 'INV-7731', entries: [{ accountId: supplies.id, side: 1, amount: 1840 }, { accountId: bank.id, side: 2, amount: 1840 }] } }));
  const journal = { path: { companyId, id: draft.id } };

  // The file is declared first: its name, type, size and SHA-256 (hex, as sha256sum prints it).
  const invoice = invoicePdf('Invoice INV-7731: 40 reams of paper, SAR 1,840.00');
  const sha256 = createHash('sha256').update(invoice).digest('hex');
  const declared = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Attachments', { params: journal, body: { fileName: 'INV-7731.pdf', contentType: 'application/pdf', size: invoice.length, sha256 } }));
  log(`declared ${declared.fileName} on journal #${draft.serialNumber}: ${declared.size} bytes, SHA-256 ${declared.sha256.slice(0, 16)}..., ${declared.status}`);

  // The bytes go straight to storage, with the headers the declaration answered: never through the API.
  const stored = await fetch(declared.upload.url, { method: declared.upload.method, headers: declared.upload.headers, body: new Uint8Array(invoice) });
  log(`uploaded through the presigned URL: ${stored.status}`);

  // Storage tells the service of the upload, which checks it against the declaration: the list shows it available.
  const attachment = { path: { companyId, id: draft.id, attachmentId: declared.id } };
  let listed = ok(await api.GET('/api/v1/Companies/{companyId}/Journals/{id}/Attachments', { params: journal })).results[0]!;
  for (let wait = 0; listed.status === 'pending'; wait++) {
    if (wait > 40) throw new Error('the upload was not checked within 20 seconds');
    await new Promise((resolve) => setTimeout(resolve, 500));
    listed = ok(await api.GET('/api/v1/Companies/{companyId}/Journals/{id}/Attachments', { params: journal })).results[0]!;
  }
  log(`checked as it landed: ${listed.status} (version ${listed.version})`);
  const read = ok(await api.GET('/api/v1/Companies/{companyId}/Journals/{id}/Attachments/{attachmentId}', { params: attachment }));
  const downloaded = Buffer.from(await (await fetch(read.download!.url)).arrayBuffer());
  log(`downloaded ${downloaded.length} bytes, SHA-256 ${createHash('sha256').update(downloaded).digest('hex') === sha256 ? 'as declared' : 'NOT as declared'}`);

  // Once the journal is posted, the invoice is the evidence of its entries: it stays.
  const posted = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Post', { params: journal, body: { postingDate: '2026-05-12', version: draft.version } }));
  const removal = await api.DELETE('/api/v1/Companies/{companyId}/Journals/{id}/Attachments/{attachmentId}', { params: attachment, body: { version: read.version } });
  const refused = removal.error?.errors[0];
  log(`journal ${posted.status}; removing the invoice: ${removal.response.status} ${refused?.code}`);

  // Verify walks the event chain, the records and the balances, then reads every available file in storage.
  const verified = ok(await api.GET('/api/v1/Companies/{companyId}/Audit/Verify', { params: path }));
  log(`verify: ${verified.verified ? 'verified' : 'NOT verified'}, ${verified.checked} events, ${verified.attachments?.checked} file checked in storage, ${verified.attachments?.problemsFound} problems`);
  return { companyId, journalId: draft.id, attachmentId: declared.id };
}

if (import.meta.main) {
  const token = process.env.TOKEN;
  if (!token) {
    console.error('Set TOKEN: TOKEN=$(npm run -s token -- --email you@example.com) npm run attachments-walkthrough');
    process.exit(2);
  }
  const { findRunningStack } = await import('../infra/local/running-stack.ts');
  const baseUrl = process.env.LEDGER_URL ?? (await findRunningStack()).api;
  await attachmentsWalkthrough(baseUrl, token);
}
