/**
 * What tests and benches outside the server package use of a real server, as
 * `@mahalle/server/testing` (TypeScript source, run by vitest and tsx): the test harness (a
 * server on a fresh database, members, an HTTP client) and the boot itself for benchmarks.
 */
export { startTestServer, ApiClient, ADMIN_USERNAME, ADMIN_PASSWORD, STRONG_PASSWORD, type Member, type TestServer, type TestOverrides } from './test/harness';
export { startServer, type RunningServer } from './server';
export { loadConfig, type Config } from './config';
