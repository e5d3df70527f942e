import type { RequestHandler } from 'express';
import { contract, type Endpoint } from '@mahalle/shared/contract';
import { AppError } from '../errors';
import { routeKey } from './routes';

const byRoute = new Map<string, Endpoint>(Object.values(contract).map((e) => [routeKey(...(e.route.split(' ') as [string, string])), e]));

/** The contract's endpoint for a route key ('GET /api/posts/:id'), if it has one. */
export const endpointFor = (key: string): Endpoint | undefined => byRoute.get(key);

export type ContractCheck = 'off' | 'known' | 'strict';

/**
 * In tests, every JSON answer below 400 is parsed with its endpoint's response schema; one that
 * does not fit (or, when strict, a route the contract does not know) becomes a 500
 * `response_contract` naming what is wrong, so the whole API suite doubles as the contract test.
 * Off in production: the presenters are typed by the same schemas.
 */
export function checkResponses(mode: ContractCheck): RequestHandler {
  return (req, res, next) => {
    if (mode === 'off') return next();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400 || !req.route) return json(body);
      const key = routeKey(req.method, req.baseUrl + (req.route.path === '/' ? '' : String(req.route.path)));
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
      if (!problem) return json(body);
      req.log.error({ route: key, problem }, 'answer does not fit the contract');
      const err = new AppError(500, 'response_contract', 'Yanıt sözleşmeye uymuyor', [{ path: key, message: problem }]);
      res.status(err.status);
      return json({ error: err.message, code: err.code, details: err.details });
    };
    next();
  };
}
