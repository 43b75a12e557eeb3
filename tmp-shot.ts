import { launchBrowser } from './tests/support/browser.ts';

const base = 'http://localhost:8104';
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
await page.goto(`${base}/auth/login`);
await page.locator('#login-email').fill('admin@example.com');
await page.locator('#login-password').fill('demo-password');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });
const cases = await page.evaluate(async () => {
  const token = localStorage.getItem('token');
  const headers = { authorization: `Firebase ${token}` };
  const list = await (await fetch('/api/registrations/?stage=documents_submitted&status=active&page_size=100', { headers })).json();
  const out: { id: number; parties: number; frozen: boolean; names: string[] }[] = [];
  for (const item of list.results) {
    const parties = await (await fetch(`/api/registrations/${item.id}/parties`, { headers })).json();
    out.push({ id: item.id, parties: parties.parties.length, frozen: parties.frozen, names: parties.parties.map((p: { name: string }) => p.name) });
  }
  return out;
});
console.log(JSON.stringify(cases.filter((c) => c.parties !== 1 || c.frozen || c.names.some((n) => /Hashimi|Marri|Ketbi|Siddiqui/.test(n)))));
const pick = (test: (c: (typeof cases)[number]) => boolean) => cases.find(test)?.id;
const targets = {
  walk: pick((c) => c.parties === 0),
  fp: pick((c) => c.names.some((n) => n.includes('Hashimi'))),
  frozen: pick((c) => c.frozen),
  layered: pick((c) => c.parties === 6),
  pep: pick((c) => c.names.some((n) => n.includes('Ketbi'))),
};
for (const [name, id] of Object.entries(targets)) {
  if (!id) continue;
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${base}/due-diligence/details/${id}`);
    await page.getByRole('heading', { name: 'Due diligence checklist' }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/aml-shots/${name}-${width}.png`, fullPage: true });
  }
}
await browser.close();
