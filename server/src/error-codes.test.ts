import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS, isErrorCode, statusesOf, type ErrorCode } from '@mahalle/shared';
import { errors } from './errors';

const SERVER_SRC = join(import.meta.dirname);
const SHARED_SRC = join(import.meta.dirname, '../../shared/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of a call from its opening parenthesis to the matching closing one. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

const FACTORY_STATUS: Record<string, number> = {
  badRequest: 400,
  unauthorized: 401,
  unauthorizedWithCode: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupportedType: 415,
  tooMany: 429,
  unavailable: 503,
  databaseUnavailable: 503,
  storageUnavailable: 503,
  mailUnavailable: 503,
  busy: 503,
};
const CODE_LITERAL = /'([a-z]+(?:_[a-z]+)*)'/g;

interface Use {
  code: string;
  status: number;
  where: string;
}

/** Every code the server's source hands to an error factory or AppError, or a shared schema puts in an issue. */
function codesInSource(): Use[] {
  const uses: Use[] = [];
  for (const file of sourceFiles(SERVER_SRC)) {
    const source = readFileSync(file, 'utf8');
    const where = relative(SERVER_SRC, file);
    // Only files that import the factories (db/faults.ts has its own `errors`, an AggregateError's list).
    const usesFactories = /import \{[^}]*\berrors\b[^}]*\} from '(\.\.?\/)+errors'/.test(source);
    for (const m of usesFactories ? source.matchAll(/\berrors\.(\w+)\(/g) : []) {
      const status = FACTORY_STATUS[m[1]!];
      expect(status, `unknown factory errors.${m[1]} in ${where}`).toBeDefined();
      for (const c of callText(source, m.index! + m[0].length - 1).matchAll(CODE_LITERAL)) uses.push({ code: c[1]!, status: status!, where });
    }
    for (const m of source.matchAll(/new AppError\((\d+), '([a-z_]+)'/g)) uses.push({ code: m[2]!, status: Number(m[1]), where });
  }
  // The factories' own codes and defaults.
  const factories = readFileSync(join(SERVER_SRC, 'errors.ts'), 'utf8');
  for (const m of factories.matchAll(/(\w+): \([^)]*?ErrorCodeWithStatus<(\d+)> = '([a-z_]+)'/g))
    uses.push({ code: m[3]!, status: Number(m[2]), where: 'errors.ts' });
  for (const file of sourceFiles(SHARED_SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/params: \{ code: '([a-z_]+)' \}/g)) uses.push({ code: m[1]!, status: 400, where: relative(SHARED_SRC, file) });
  }
  return uses;
}

describe('error-code registry (shared/src/errors.ts)', () => {
  const uses = codesInSource();

  it('finds the codes the server sends', () => {
    expect(uses.length).toBeGreaterThan(60);
    expect(new Set(uses.map((u) => u.code)).size).toBeGreaterThan(45);
  });

  it('holds every code used in server/src, with the status it is sent with', () => {
    const missing = uses.filter((u) => !isErrorCode(u.code)).map((u) => `${u.code} (${u.where})`);
    expect(missing).toEqual([]);
    const wrongStatus = uses
      .filter((u) => isErrorCode(u.code) && !statusesOf(u.code).includes(u.status))
      .map((u) => `${u.code} sent as ${u.status} in ${u.where}`);
    expect(wrongStatus).toEqual([]);
  });

  it('holds no code the server never sends', () => {
    const used = new Set(uses.map((u) => u.code));
    expect(ERROR_CODES.filter((c) => !used.has(c))).toEqual([]);
  });

  it('names every code by one pattern and says what it means', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ERRORS[code].meaning.length).toBeGreaterThan(5);
    }
  });

  it('lets the factories build only registry codes of their own status', () => {
    // Each line below is a type error; `tsc` fails if the factories accept it.
    // @ts-expect-error not a registry code
    expect(errors.notFound('x', 'no_such_code').code).toBe('no_such_code');
    // @ts-expect-error a 403 code in a 404 factory
    expect(errors.notFound('x', 'forbidden').status).toBe(404);
    const code: ErrorCode = errors.badRequest('x', 'blog_category_not_found').code;
    expect(code).toBe('blog_category_not_found');
  });
});
