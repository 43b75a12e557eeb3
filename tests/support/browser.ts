/**
 * Chromium for browser tests, driven by playwright-core. One browser on every machine by default, the one
 * `npm ci` brings, so CI proves what a fresh clone gets:
 * - on Linux x64, the headless shell shipped inside the devDependency @sparticuz/chromium. It is
 *   brotli-compressed in the package and built for Amazon Linux, with its own NSS libraries and fonts: all
 *   three are unpacked once into node_modules/.cache/console-chromium/<version>/ (about 200 MB, 10-30 s) and
 *   used from there;
 * - elsewhere (no such build), Playwright's own browser (`npx playwright install chromium`).
 * CONSOLE_TEST_CHROMIUM=system uses Debian's /usr/bin/chromium instead, and only it; =bundled is the default
 * said out loud. HOME and the XDG folders point at a temp dir so Chromium writes nothing to the user's home.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const BUNDLED_PACKAGE = '@sparticuz/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The network service in the browser process instead of a utility process of its own: each request then
  // crosses one process boundary fewer. A console page load makes about a hundred (its script chunks); measured
  // on 20 signed-in page loads, 0.75 s of CPU less a load, a quarter of what a load cost (docs/benchmarks.md).
  '--enable-features=NetworkServiceInProcess2',
];

export interface TestBrowser {
  browser: Browser;
  /** A new context whose pages see what a fresh profile of a full Chromium shows (see headlessShellShims). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * The headless shell (the bundled Chromium, and Playwright's own in headless mode) has no permission prompts
 * and reports notification permission as 'denied' from the first page on, where a full Chromium, Debian's,
 * reports 'default' until the user answers; the console shows its 'Allow browser notifications' button only
 * then. Pages of the shell are told 'default', as a fresh profile would be.
 */
function headlessShellShims(): void {
  if (typeof Notification !== 'undefined') Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' });
}

/** What to launch: no executable means Playwright's own browser. */
export interface ChromiumChoice {
  name: 'system' | 'bundled' | 'playwright';
  executablePath?: string;
  env: Record<string, string>;
}

/** The root folder of @sparticuz/chromium, if installed (its exports hide package.json, so from its main file). */
function bundledPackageRoot(): string | undefined {
  try {
    return resolve(dirname(createRequire(import.meta.url).resolve(BUNDLED_PACKAGE)), '..', '..');
  } catch {
    return undefined;
  }
}

/** Decompresses a brotli'd file to `target`. */
function unbrotli(source: string, target: string, mode = 0o644): Promise<void> {
  return pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(target, { mode }));
}

/**
 * Unpacks a brotli'd tar archive into `folder` with the system's tar, which every Debian has. Through a file,
 * not a pipe: tar stops reading at the end-of-archive blocks and would cut the pipe short.
 */
async function untarBrotli(archive: string, folder: string): Promise<void> {
  const tarFile = join(folder, `${basename(archive, '.br')}`);
  await unbrotli(archive, tarFile);
  await promisify(execFile)('tar', ['-x', '--no-same-owner', '-f', tarFile, '-C', folder]);
  await rm(tarFile);
}

/**
 * Unpacks the package's browser, libraries and fonts into `target`. Another worker or process may be doing the
 * same: each unpacks into its own folder and renames it into place, so nobody ever sees a half-written browser.
 */
async function unpackBundled(packageRoot: string, target: string): Promise<void> {
  const bin = join(packageRoot, 'bin');
  const staging = `${target}.${process.pid}.${Date.now()}.tmp`;
  await mkdir(staging, { recursive: true });
  try {
    await Promise.all([
      unbrotli(join(bin, 'chromium.br'), join(staging, 'chromium'), 0o755),
      untarBrotli(join(bin, 'al2023.tar.br'), staging),
      untarBrotli(join(bin, 'fonts.tar.br'), staging),
    ]);
    // The package's own fonts.conf names /tmp/fonts (Lambda's layout); this one names the unpacked fonts, and
    // the system's when there are any, so pages render text either way.
    await writeFile(
      join(staging, 'console-fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        `  <dir>${join(target, 'fonts')}</dir>`,
        '  <dir>/usr/share/fonts</dir>',
        `  <cachedir>${join(target, 'fontconfig-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    await rename(staging, target).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(join(target, 'chromium'))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

let bundled: Promise<ChromiumChoice> | undefined;

function bundledChromium(packageRoot: string): Promise<ChromiumChoice> {
  bundled ??= (async () => {
    const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string };
    const target = resolve(packageRoot, '..', '..', '.cache', 'console-chromium', version);
    if (!existsSync(join(target, 'chromium'))) await unpackBundled(packageRoot, target);
    return {
      name: 'bundled' as const,
      executablePath: join(target, 'chromium'),
      env: {
        LD_LIBRARY_PATH: [join(target, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
        FONTCONFIG_FILE: join(target, 'console-fonts.conf'),
      },
    };
  })();
  bundled.catch(() => (bundled = undefined));
  return bundled;
}

/** Which Chromium the tests use; unpacks the bundled one on first use, so global setup can do it before any test. */
export async function chooseChromium(): Promise<ChromiumChoice> {
  const wanted = process.env.CONSOLE_TEST_CHROMIUM ?? '';
  if (!['', 'system', 'bundled'].includes(wanted)) throw new Error(`CONSOLE_TEST_CHROMIUM must be system or bundled, not ${wanted}`);
  if (wanted === 'system') {
    if (existsSync(SYSTEM_CHROMIUM)) return { name: 'system', executablePath: SYSTEM_CHROMIUM, env: {} };
    throw new Error(`CONSOLE_TEST_CHROMIUM=system, but ${SYSTEM_CHROMIUM} does not exist: apt-get install chromium, or unset CONSOLE_TEST_CHROMIUM for the bundled one`);
  }
  const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
  const packageRoot = linuxX64 ? bundledPackageRoot() : undefined;
  if (packageRoot) return bundledChromium(packageRoot);
  // On Linux x64 the package is a devDependency: missing, the install is broken, and Debian's is not quietly used instead.
  if (linuxX64 || wanted === 'bundled') {
    throw new Error(
      `no browser for the tests: ${BUNDLED_PACKAGE} is not installed${linuxX64 ? ' (npm ci installs it)' : ' or not for this platform'}; ` +
        `CONSOLE_TEST_CHROMIUM=system uses Debian's ${SYSTEM_CHROMIUM}`,
    );
  }
  return { name: 'playwright', env: {} };
}

export async function launchBrowser(): Promise<TestBrowser> {
  const choice = await chooseChromium();
  const home = await mkdtemp(join(tmpdir(), 'console-chromium-'));
  const browser = await chromium.launch({
    executablePath: choice.executablePath,
    args: CHROMIUM_ARGS,
    env: {
      ...process.env,
      ...choice.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local/share'),
    },
  });
  return {
    browser,
    async newContext(options = {}) {
      // The headless shell takes its language from the process locale: under LANG=C.UTF-8 (CI, containers) it
      // reports 'en-US@posix', an invalid BCP 47 tag no user's browser sends, and uPlot's module-level
      // `new Intl.NumberFormat(navigator.language)` throws on it, so the chart's chunk never loads. A real
      // browser's language, the same in every Chromium and on every machine.
      const context = await browser.newContext({ locale: 'en-US', ...options });
      if (choice.name !== 'system') await context.addInitScript(headlessShellShims);
      return context;
    },
    async close() {
      await browser.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
