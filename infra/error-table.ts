import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { codeOf, ERROR_CODES, statusOf, type ErrorCode } from '../shared/error-codes.ts';
import { ROUTES } from '../shared/routes.ts';
import { exampleBody, routeErrors } from './openapi-errors.ts';

/**
 * docs/errors.md: every error code with its status, meaning, way out, an example body and the operations
 * that can answer it, from shared/error-codes.ts and the route table (`npm run error-table`
 * writes it; a test fails when it is not current).
 */
export const ERROR_TABLE_FILE = resolve(import.meta.dirname, '../docs/errors.md');

export function errorTable(): string {
  const operations = new Map<ErrorCode, string[]>();
  for (const route of ROUTES) for (const code of routeErrors(route)) operations.set(code, [...(operations.get(code) ?? []), route.name]);
  const everywhere = (code: ErrorCode) => (operations.get(code)?.length ?? 0) === ROUTES.length;
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => {
    const where = everywhere(code) ? 'every operation' : (operations.get(code) ?? ['no operation of the route table (unknown paths)']).map((o) => `\`${o}\``).join(', ');
    return `| \`${codeOf(code)}\` | ${statusOf(code)} | ${ERROR_CODES[code].meaning} | ${ERROR_CODES[code].wayOut} | \`${ERROR_CODES[code].example.name}\`: ${ERROR_CODES[code].example.reason} | ${where} |`;
  });
  return `# Error codes

Every error answer has the same body: the HTTP status, one item per problem and the request id
of its log line. \`name\` is the field the problem is about (a path such as \`entries[1].amount\`),
or \`generalErrors\`; \`reason\` is for people, and says the way out where the service knows it
(the operation to call, with the record's ids filled in); \`code\` is for programs. For example:

\`\`\`json
${JSON.stringify(exampleBody('409 PeriodNotOpen'), null, 2)}
\`\`\`

The OpenAPI document (\`/openapi.json\`, \`/docs\`) lists under each operation the codes it can
answer, per status, with an example body each. Operation names below are the route table's
(\`journals.post\`; the OpenAPI \`operationId\`). Generated from \`shared/error-codes.ts\` and the
route table by \`npm run error-table\`.

| Code | Status | Meaning | Way out | Example (\`name\`: \`reason\`) | Answered by |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.main) writeFileSync(ERROR_TABLE_FILE, errorTable());
