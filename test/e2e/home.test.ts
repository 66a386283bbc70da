import { describe, expect, it } from 'vitest';
import { useGateway } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';

const gateway = useGateway();
const browserOf = useBrowser();

describe('the home page at /', () => {
  it('shows a browser the links, leads to /docs and back, with an icon; programs still get JSON', async () => {
    // Arrange
    const page = await browserOf().newPage();

    // Act: open /, follow the reference link, then the link home.
    const home = await page.goto(`${gateway.url()}/`);
    const homeTitle = await page.title();
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
    const docsUrl = page.url();
    await page.getByRole('link', { name: 'Ledger API home' }).click();
    await page.waitForURL(`${gateway.url()}/`);
    const backHeading = await page.getByRole('heading', { level: 1 }).textContent();
    // Headless Chromium does not ask for icons itself: ask from the page, for the link it declares.
    const iconHref = await page.locator('link[rel="icon"]').getAttribute('href');
    const iconStatus = await page.evaluate(async (href) => (await fetch(href!)).status, iconHref);
    const json = await fetch(`${gateway.url()}/`);
    const icon = await fetch(`${gateway.url()}/favicon.ico`);

    // Assert
    expect(home?.headers()['content-type']).toMatch(/^text\/html/);
    expect(homeTitle).toBe('Ledger API');
    expect(new URL(docsUrl).pathname).toBe('/docs');
    expect(backHeading).toBe('Ledger API');
    expect(await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')).toBe('/openapi.json');
    expect(await json.json()).toEqual({ service: 'Ledger API', docs: '/docs', openapi: '/openapi.json', api: '/api/v1' });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
    expect(iconHref).toBe('/favicon.ico');
    expect(iconStatus).toBe(200);
    await page.close();
  });
});
