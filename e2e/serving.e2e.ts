import { expect, test, type Page } from '@playwright/test';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { ADMIN } from './support/users.ts';

// The app under the server's security headers and compressed, cached files, in a real browser: no
// page is refused anything by the Content-Security-Policy.

/** Every CSP violation the page reports (the browser's own event, and its console message). */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return violations;
}

test('the web app runs under the policy, with its files compressed and cached for good', async ({ page }) => {
  const violations = watchViolations(page);
  const scripts: Array<{ url: string; encoding?: string; length?: string; cache?: string }> = [];
  page.on('response', (response) => {
    if (/\/assets\/.+\.js$/.test(response.url())) {
      const headers = response.headers();
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        length: headers['content-length'],
        cache: headers['cache-control'],
      });
    }
  });
  const first = await page.goto('/authentication/login');
  expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(first?.headers()['cache-control']).toBe('no-cache');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/tasks$/, { timeout: 30_000 });
  await expectSignedInAs(page, ADMIN.fullname);
  // The process dashboard's throughput chart (ECharts, drawn as inline SVG) and the task list.
  await page.goto('/process/dashboard');
  await expect(page.getByTestId('throughput-chart').locator('svg').first()).toBeVisible({
    timeout: 30_000,
  });
  await page.goto('/tasks');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
  await snap(page, 'serving-tasks');

  expect(scripts.length).toBeGreaterThan(10);
  expect(scripts.filter((script) => script.encoding === 'br').length).toBeGreaterThan(10);
  for (const script of scripts) {
    // Files under 1 KB have no compressed copy (it would save less than the headers).
    if (script.encoding !== 'br') expect(Number(script.length), script.url).toBeLessThan(1024);
    expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
  }
  expect(violations).toEqual([]);
});

test('the /403 page shows its HTML message under the policy', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto(`/403?message=${encodeURIComponent('<b>Your licence has expired.</b>')}`);
  await expect(page.locator('b', { hasText: 'Your licence has expired.' })).toBeVisible();
  await snap(page, 'serving-forbidden');
  expect(violations).toEqual([]);
});

test('the OpenAPI UI renders under the policy', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/api/docs');
  // The document is large (every operation of the API): parsing and drawing it takes a while.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Formloop API', { timeout: 45_000 });
  await expect(page.locator('.opblock').first()).toBeVisible();
  await snap(page, 'serving-api-docs');
  expect(violations).toEqual([]);
});
