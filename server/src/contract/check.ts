import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { RequestHandler } from 'express';
import { contract, type Endpoint } from '@mahalle/shared/contract';
import { AppError } from '../errors';
import { routeKey } from './routes';

const byRoute = new Map<string, Endpoint>(Object.values(contract).map((e) => [routeKey(...(e.route.split(' ') as [string, string])), e]));

export type ContractCheck = 'off' | 'known' | 'strict';

/**
 * When the test run sets CONTRACT_COVERAGE_DIR (server/vitest.coverage.ts does), every route whose
 * success answer passed the check is written there once per worker, so the run can say which
 * routes of the contract no test has answered successfully.
 */
const coverageDir = process.env.CONTRACT_COVERAGE_DIR;
const covered = new Set<string>();
function recordCovered(key: string): void {
  if (!coverageDir || covered.has(key)) return;
  covered.add(key);
  appendFileSync(join(coverageDir, `${process.pid}-${threadId}.txt`), `${key}\n`);
}

/**
 * In tests, every JSON answer below 400 is parsed with its endpoint's response schema; one that
 * does not fit (or, when strict, a route the contract does not know) becomes a 500
 * `response_contract` naming what is wrong, so the whole API suite doubles as the contract test.
 * Off in production: the presenters are typed by the same schemas.
 */
export function checkResponses(mode: ContractCheck): RequestHandler {
  return (req, res, next) => {
    if (mode === 'off') return next();
    // Bodies written as JSON text go through res.json here too (routes/paging sendCursorJson).
    res.locals.contractCheck = true;
    // Answers that are not JSON (204, files, redirects) are covered when they succeed.
    if (coverageDir)
      res.on('finish', () => {
        if (res.statusCode < 400 && req.route && !res.locals.contractJson) recordCovered(keyOf(req));
      });
    // A success answer's Content-Type must be the one the contract gives (JSON unless `mediaType`
    // says otherwise), checked as its head is written, for files and JSON alike.
    const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => typeof res;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const problem = mediaProblem(req, res, status);
      if (!problem) return writeHead(status, ...rest);
      req.log.error({ problem }, 'answer does not have the media type of the contract');
      res.setHeader('X-Contract-Problem', problem);
      res.statusCode = 500;
      return writeHead(500, ...rest);
    }) as typeof res.writeHead;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400 || !req.route) return json(body);
      const key = keyOf(req);
      res.locals.contractJson = true;
      const found = byRoute.get(key);
      let problem: string | null = null;
      if (!found) problem = mode === 'strict' ? `${key} is not in shared/src/contract` : null;
      else {
        const result = found.response.safeParse(body);
        if (!result.success)
          problem = `${key}: ${result.error.issues
            .slice(0, 5)
            .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
            .join('; ')}`;
      }
      if (!problem) {
        if (found) recordCovered(key);
        return json(body);
      }
      req.log.error({ route: key, problem }, 'answer does not fit the contract');
      const err = new AppError(500, 'response_contract', 'Yanıt sözleşmeye uymuyor', [{ path: key, message: problem }]);
      res.status(err.status);
      return json({ error: err.message, code: err.code, details: err.details });
    };
    next();
  };
}

/** A success answer (not 204) whose Content-Type is not its endpoint's media type: what is wrong, or null. */
function mediaProblem(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], status: number): string | null {
  if (status < 200 || status >= 300 || status === 204 || !req.route) return null;
  const key = keyOf(req);
  const found = byRoute.get(key);
  if (!found) return null;
  const expected = found.mediaType ?? 'application/json';
  const actual = String(res.getHeader('content-type') ?? '(none)')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return actual === expected ? null : `${key} answered ${actual}; the contract says ${expected}`;
}

function keyOf(req: Parameters<RequestHandler>[0]): string {
  return routeKey(req.method, req.baseUrl + (req.route.path === '/' ? '' : String(req.route.path)));
}
