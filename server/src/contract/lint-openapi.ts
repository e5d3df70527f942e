/**
 * `npm run lint:openapi` (part of `npm run lint`, so of `npm test`): writes the OpenAPI document
 * the server serves at /api/openapi.json to server/openapi.json and lints it with Redocly CLI's
 * recommended rules and the exceptions in redocly.yaml (beside the repository's package.json).
 * Exits with Redocly's code: any error fails.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openApiDocument } from './openapi';

const root = path.resolve(import.meta.dirname, '../../..');
const file = path.join(root, 'server', 'openapi.json');
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const run = spawnSync(process.execPath, [cli, 'lint', path.relative(root, file), '--config', 'redocly.yaml'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(run.status ?? 1);
