/**
 * What a browser page was doing when a step of a test stalled, so a time-out says where it stuck (the page's
 * address and text, the requests still unanswered, what failed) instead of only that the test ran out of time.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';

const SHOWN_TEXT_CHARS = 400;

/**
 * Runs `step` on `page`; when it has not ended within `ms`, fails with the page's state. The deadline is meant
 * to be shorter than the test's own time-out, which would otherwise end the test without any of this.
 */
export async function withinDeadline<T>(
  page: Page,
  label: string,
  ms: number,
  step: () => Promise<T>,
  /** More of the state to report, such as the servers' last log lines. */
  more: () => Promise<string> = async () => '',
): Promise<T> {
  const started = Date.now();
  const pending = new Map<Request, number>();
  const problems: string[] = [];
  const onRequest = (request: Request) => pending.set(request, Date.now());
  const onFinished = (request: Request) => pending.delete(request);
  const onFailed = (request: Request) => {
    pending.delete(request);
    problems.push(`${request.method()} ${request.url()} failed after ${Date.now() - started} ms: ${request.failure()?.errorText ?? 'no reason'}`);
  };
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void Promise.all([pageState(page, pending, problems), more().catch((error: unknown) => `(${String(error)})`)]).then(([state, extra]) =>
        reject(new Error(`${label} did not end within ${ms / 1000} s. ${state}${extra ? `\n${extra}` : ''}`)),
      );
    }, ms);
  });
  try {
    return await Promise.race([step(), stalled]);
  } finally {
    clearTimeout(timer);
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}

async function pageState(page: Page, pending: Map<Request, number>, problems: string[]): Promise<string> {
  const now = Date.now();
  const text = await page
    .evaluate(() => document.body.innerText)
    .then((shown) => shown.replace(/\s+/g, ' ').trim().slice(0, SHOWN_TEXT_CHARS))
    .catch((error: unknown) => `(unreadable: ${error instanceof Error ? error.message : String(error)})`);
  const unanswered = [...pending].map(([request, since]) => `${request.method()} ${request.url()} (${now - since} ms)`);
  return [
    `At ${page.url()}, showing: "${text}".`,
    `Unanswered requests: ${unanswered.length > 0 ? unanswered.join('; ') : 'none'}.`,
    `Failures: ${problems.length > 0 ? problems.join('; ') : 'none'}.`,
  ].join(' ');
}

/** The last lines of a log file, for a diagnosis; empty when there is no such file. */
export async function lastLines(file: string, count: number): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-count).join('\n');
}
