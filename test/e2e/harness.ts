// One MeterDesk window for an end-to-end test: the BUILT renderer in Debian's Chromium, talking
// through the in-process test bridge (common/ipc contract, main/ipc dispatcher) to the real
// backend: real engine, real SQLite queue, the built-in sandbox over HTTP on 127.0.0.1. Photos are
// served by main's own photo handler behind a route that stands in for the custom protocol.
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  PHOTO_SCHEME,
  type AppEvent,
  type ChannelName,
  type MeterDeskBridge,
  type Result,
} from '../../common/ipc';
import type { UpdateView } from '../../common/ipc/update-view';
import { openBackend, type Backend, type BackendOptions } from '../../main/backend/backend';
import { mainServicesInProcess } from '../../main/backend/main-services';
import { chooseSecretStore } from '../../main/backend/secret-choice';
import { backendInProcess } from '../../main/desktop/backend-client';
import { photoResponse } from '../../main/desktop/photo-response';
import type { EngineConfig } from '../../main/engine/config';
import { createInProcessBridge } from '../../main/ipc/in-process-bridge';
import { KeychainSecretStore } from '../../main/secrets/keychain';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import type { GenerateSampleFolderOptions } from '../../sandbox/samples';
import {
  CALL_BINDING,
  DROP_BINDING,
  dropScript,
  EMIT_FUNCTION,
  PAGE_BRIDGE_SCRIPT,
} from './page-bridge';
import { builtApp } from '../helpers/built-app';
import { TestOs } from '../helpers/test-os';
import { TRUSTED, windowDispatcher } from '../ipc/helpers/desktop';
import { AXE_PATH, serveStatic, type StaticServer } from './static-server';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Why the browser tests cannot run here, or null. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} not found (apt install chromium)`;
}

export const SCREENSHOT_DIR = resolve(
  process.env.METERDESK_SCREENSHOTS ??
    join(import.meta.dirname, '..', '..', '.tmp', 'e2e-screenshots'),
);

/** The built renderer served on 127.0.0.1, and a browser (browser-suite.ts shares one). */
export interface Site {
  readonly server: StaticServer;
  readonly browser: Browser;
  /** The renderer's build folder when it was built for this site alone (removed by close). */
  readonly ownBuild: string | null;
  close(): Promise<void>;
}

export async function openSite(): Promise<Site> {
  // Built once per test run with the rest of the app (built-app.ts); outside a run, per site.
  const app = await builtApp();
  const server = await serveStatic(join(app.dist, 'renderer'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    server,
    browser,
    ownBuild: app.own ? app.dir : null,
    close: async () => {
      await browser.close();
      await server.close();
      app.remove();
    },
  };
}

export interface TestWindowOptions {
  readonly colorScheme?: 'light' | 'dark';
  /**
   * The operating system's language as the window sees it (navigator.languages), e.g. 'de-DE';
   * 'en-XA' is Chromium's pseudo-locale, in which the window marks every catalogue string.
   */
  readonly language?: string;
  readonly viewport?: { width: number; height: number };
  readonly engineConfig?: Partial<EngineConfig>;
  readonly sandbox?: SandboxOptions;
  readonly samples?: Partial<GenerateSampleFolderOptions>;
  /** Runs before the backend opens, with its per-user folder (e.g. to fill the queue). */
  readonly prefill?: (userDataDir: string) => void | Promise<void>;
  /** Opens the backend; default openBackend (churn-window.ts composes one it can drive). */
  readonly openBackend?: (options: BackendOptions) => Promise<Backend>;
  /** What main answers for getUpdateStatus; default: updates off. */
  readonly updateStatus?: () => UpdateView;
  /**
   * A reply the window gets instead of the backend's, for a state the test cannot make cheaply
   * (an office's refusal without a PostgreSQL); undefined: the backend answers. Asked per call.
   */
  readonly replyInstead?: (channel: ChannelName, request: unknown) => Result<unknown> | undefined;
}

export interface TestWindow {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly backend: Backend;
  readonly bridge: MeterDeskBridge;
  readonly os: TestOs;
  readonly dir: string;
  /** The built-in sandbox once the window started it. */
  sandbox(): Sandbox;
  /** Drops these folders or files on the window. */
  drop(paths: readonly string[]): Promise<void>;
  /** axe-core on the page as it is: the serious and critical violations. */
  axe(): Promise<AxeViolation[]>;
  screenshot(name: string): Promise<string>;
  /** Rows carried by pushes so far, and the most in any one second. */
  pushedRows(): { total: number; maxPerSecond: number };
  close(): Promise<void>;
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly {
    readonly target: readonly string[];
    readonly failureSummary?: string;
  }[];
}

/** Engine timings scaled down so outages and holds resolve in test time. */
export const FAST_ENGINE: Partial<EngineConfig> = {
  probeBaseMs: 200,
  probeCapMs: 1_000,
  quotaRecheckMs: 300,
  retryBaseMs: 50,
  retryCapMs: 400,
};

/** How long one wait or action in the window may take: a hang guard, never a measurement. */
export const STEP_TIMEOUT_MS = 120_000;

export async function openTestWindow(
  site: Site,
  options: TestWindowOptions = {},
): Promise<TestWindow> {
  const dir = await mkdtemp(join(tmpdir(), 'meterdesk-e2e-'));
  const os = new TestOs();
  await options.prefill?.(join(dir, 'user'));
  const secrets = await chooseSecretStore({
    keychain: new KeychainSecretStore({
      service: `MeterDesk-e2e-${String(process.pid)}-${String(Date.now())}`,
    }),
    safeStorage: null,
    encryptedFile: join(dir, 'secrets.bin'),
    // A real keyring's first answer can take seconds on a busy machine.
    checkTimeoutMs: 10_000,
  });
  const backend = await (options.openBackend ?? openBackend)({
    userDataDir: join(dir, 'user'),
    appVersion: '0.1.0-e2e',
    secrets,
    main: mainServicesInProcess(os),
    // The window's tests draw small photos (240-320 px) the quality check would hold; the test of
    // the check turns it on (held-photos.slow.test.ts).
    engineConfig: { ...FAST_ENGINE, photoChecks: false, ...options.engineConfig },
    sandbox: { ai: { latencyMs: 150, jitterMs: 50 }, ...options.sandbox },
    samples: { width: 480, concurrency: 2, flawed: 0, ...options.samples },
    eventIntervalMs: 100,
  });
  const redact = (text: string): string => backend.redact(text);
  const calls = backendInProcess(backend.handlers, redact);
  const dispatcher = windowDispatcher(calls, os, {
    redact,
    ...(options.updateStatus && { updateStatus: options.updateStatus }),
  });
  const dropped = new Map<string, string>();
  const bridge = createInProcessBridge({
    dispatcher,
    sender: TRUSTED,
    subscribe: (listener) => backend.subscribe(listener),
    pathForFile: (file) => dropped.get(file.name) ?? '',
  });

  const context = await site.browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: 1,
    // Intl's default locale too, where ICU knows it (the pseudo-locale only names the words).
    ...(options.language && options.language !== 'en-XA' && { locale: options.language }),
  });
  // Playwright's 30 s default for each wait and action assumes an idle machine; with both cores
  // busy one step of the window (a first render, a drop of a folder) has been seen to take longer.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`page error: ${error.message}`);
  });
  await page.exposeFunction(CALL_BINDING, async (channel: ChannelName, request: unknown) => {
    const instead = options.replyInstead?.(channel, request);
    if (instead !== undefined) return JSON.stringify(instead);
    const call = bridge[channel] as (request: unknown) => Promise<unknown>;
    return JSON.stringify(await call(request));
  });
  await page.exposeFunction(DROP_BINDING, (names: string[]) =>
    bridge.addDroppedFiles(names.map((name) => ({ name }))),
  );
  await page.addInitScript(PAGE_BRIDGE_SCRIPT);
  if (options.language) {
    await page.addInitScript(`{
      const langs = Object.freeze([${JSON.stringify(options.language)}]);
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => langs });
      Object.defineProperty(Navigator.prototype, 'language', { get: () => langs[0] });
    }`);
  }
  await page.route(
    (url) => url.protocol === `${PHOTO_SCHEME}:`,
    async (route) => {
      const response = await photoResponse(new Request(route.request().url()), async (jobId) => {
        const photo = await calls.photoFile({ jobId });
        return photo.ok ? photo.value : null;
      });
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    },
  );

  // Pushes go to the page in order; one that arrives before the app listens is covered by the
  // snapshot the app starts from.
  let chain = Promise.resolve();
  const perSecond = new Map<number, number>();
  let pushedTotal = 0;
  const unsubscribe = bridge.onEvent((event: AppEvent) => {
    const second = Math.floor(Date.now() / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + event.jobs.length);
    pushedTotal += event.jobs.length;
    chain = chain.then(() =>
      page
        .evaluate(
          ([fn, e]) => {
            const emit = (
              globalThis as unknown as Record<string, ((text: string) => void) | undefined>
            )[fn];
            emit?.(e);
          },
          [EMIT_FUNCTION, JSON.stringify(event)] as const,
        )
        .catch(() => undefined),
    );
  });

  await page.goto(site.server.url);
  let drops = 0;

  return {
    page,
    context,
    backend,
    bridge,
    os,
    dir,
    sandbox() {
      const sandbox = backend.sandbox();
      if (!sandbox) throw new Error('the sandbox is not running');
      return sandbox;
    },
    async drop(paths) {
      const names = paths.map((path) => {
        const name = `dropped-${String(++drops)}`;
        dropped.set(name, path);
        return name;
      });
      await page.evaluate(dropScript(names));
    },
    async axe() {
      // Once per page: axe-core is half a megabyte to parse, and a reload drops it anyway.
      if (!(await page.evaluate(`typeof axe === 'object'`))) {
        await page.addScriptTag({ url: AXE_PATH });
      }
      const result = await page.evaluate<{ violations: AxeViolation[] }>(
        `axe.run(document, { resultTypes: ['violations'] })`,
      );
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    },
    async screenshot(name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      return file;
    },
    pushedRows() {
      return { total: pushedTotal, maxPerSecond: Math.max(0, ...perSecond.values()) };
    },
    async close() {
      unsubscribe();
      await chain;
      await context.close();
      await backend.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Retries an assertion until it holds (or the deadline passes): waits for behaviour, not time. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  { timeout = 60_000, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}
