import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The API reference at `/docs`: Swagger UI (swagger-ui-dist, from npm) over `/openapi.json`,
 * its script and styles served beside the page, so it works offline. The local gateway serves
 * them from the package; in AWS the reference function (functions/ops/api-reference.ts) has
 * them copied next to its bundle. No route handler bundles any of it.
 */

/** The assets the page loads, by the name it asks for them under `/docs/`, with their types. */
export const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** Where swagger-ui-dist's files are in this checkout. */
export const swaggerUiDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ledger API reference</title>
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><nav style="font-family: sans-serif; padding: 8px 20px"><a href="/">Ledger API home</a></nav><div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 });</script>
</body></html>`;

/** What `GET /` answers a program: where the reference and the API are. */
export const ROOT_LINKS = { service: 'Ledger API', docs: '/docs', openapi: '/openapi.json', api: '/api/v1' };

/** What `GET /` answers a browser (a client that accepts HTML): the same links, to click. */
export const ROOT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ledger API</title>
<link rel="icon" href="/favicon.ico" type="image/svg+xml"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto">
<h1>Ledger API</h1>
<p>A multi-company double-entry accounting API: companies, charts of accounts, cost centers, financial years, journals and reports.</p>
<ul>
<li><a href="${ROOT_LINKS.docs}">API reference</a>: every operation, its parameters, answers and error codes</li>
<li><a href="${ROOT_LINKS.openapi}">OpenAPI document</a> (JSON), for generating clients</li>
<li>Sign-in: <code>GET /api/Authentication/Login</code> answers the identity provider's page to send the browser to</li>
<li>The API itself: <code>${ROOT_LINKS.api}</code>, with a bearer access token or an API key</li>
</ul>
</body></html>`;

/** The service's icon at `/favicon.ico` (SVG, which browsers take by its content type): a ledger's two columns. */
export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f4e79"/><path d="M8 3v10M4 5h2M4 8h2M10 5h2M10 8h2" stroke="#fff" stroke-width="1.5"/></svg>`;

/** An answer of the reference pages, as the local gateway and the reference function write it. */
export interface ReferenceAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

/**
 * `GET` of the reference's paths: `/` (HTML for a client accepting it, else JSON links),
 * `/favicon.ico`, `/docs`, its assets from `assetDir`, `/openapi.json` (the text `openApi`
 * answers). Undefined for any other path.
 */
export function referenceAnswer(path: string, accept: string | undefined, assetDir: string, openApi: () => string): ReferenceAnswer | undefined {
  if (path === '/') {
    return /\btext\/html\b/.test(accept ?? '')
      ? { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', vary: 'accept' }, body: ROOT_PAGE }
      : { statusCode: 200, headers: { 'content-type': 'application/json', vary: 'accept' }, body: JSON.stringify(ROOT_LINKS) };
  }
  if (path === '/favicon.ico') return { statusCode: 200, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' }, body: FAVICON };
  if (path === '/openapi.json') return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: openApi() };
  if (path === '/docs') return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: DOCS_PAGE };
  const asset = path.startsWith('/docs/') ? docsAsset(assetDir, path.slice('/docs/'.length)) : undefined;
  if (asset) return { statusCode: 200, headers: { 'content-type': asset.contentType, 'cache-control': 'max-age=3600' }, body: asset.body.toString('base64'), isBase64Encoded: true };
  return undefined;
}

/** An asset of the page from `dir`, or undefined for any other name. */
export function docsAsset(dir: string, name: string): { body: Buffer; contentType: string } | undefined {
  const contentType = DOCS_ASSETS[name];
  return contentType ? { body: readFileSync(join(dir, name)), contentType } : undefined;
}
