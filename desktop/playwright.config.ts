import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3217);
const dataDir = path.join(os.tmpdir(), `mahalle-e2e-${process.pid}`);
/** A second server with visitors' pages drawn on the server (SERVER_RENDER=1), for e2e/server-render.spec.ts. */
const SSR_PORT = PORT + 1;
const ssrDataDir = path.join(os.tmpdir(), `mahalle-e2e-ssr-${process.pid}`);
process.env.E2E_SSR_URL = `http://127.0.0.1:${SSR_PORT}`;

/**
 * Browser journeys in Debian's Chromium against the real built server on a fresh SQLite
 * database with the demo community (npm run build first; npm run test:e2e does it).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    // The system's "reduce motion" setting, which the app honours by turning antd's motion off: with motion on, a click
    // on a dialog's button while its zoom is starting can land on the mask instead (the button moves between
    // Playwright's hit test and the click) and leave the dialog open.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `rm -rf "${dataDir}" && node ../server/dist/index.js`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        ADMIN_USERNAME: 'yonetici',
        ADMIN_PASSWORD: 'Yonetici.Sifre1',
        LOG_LEVEL: 'warn',
        // Every journey signs up and in from one address, several within seconds, and the whole suite signs in more
        // than the default 30 times a quarter-hour per address (a quiet machine runs it in 13 minutes).
        RATE_LIMIT_LOGIN_BURST: '1000/10',
        RATE_LIMIT_LOGIN: '1000/900',
        // ... and registers some forty members within minutes, above the default 20 an hour per address.
        RATE_LIMIT_REGISTER: '1000/3600',
        // Every answer the UI gets is checked against shared/src/contract (a misfit is a 500 the journey sees).
        CONTRACT_CHECK: 'strict',
        // The app as it boots without server drawing (members, the dark theme, a 1 GB machine, every page after
        // the first): the journeys' subject. Visitors' drawn pages, on by default here, have the second server.
        SERVER_RENDER: '0',
      },
    },
    {
      command: `rm -rf "${ssrDataDir}" && node ../server/dist/index.js`,
      url: `http://127.0.0.1:${SSR_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(SSR_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: ssrDataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        SERVER_RENDER: '1',
        RATE_LIMIT_REGISTER: '1000/3600',
        CONTRACT_CHECK: 'strict',
      },
    },
  ],
});
