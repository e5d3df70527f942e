/**
 * Global setup of the server's test project: which routes of the contract did the suite answer
 * successfully (so their answer was checked against the response schema)?
 *
 * Each worker writes the routes it saw into a temporary folder (server/src/contract/check.ts);
 * at the end this compares them with the contract. A full run of the server project (no file or
 * name filter) fails when a route has no checked success answer; a filtered run only lists them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, type Endpoint } from '@mahalle/shared/contract';

/** Routes whose success needs what a test machine cannot give; each with the reason. */
export const UNCOVERED_ON_PURPOSE: Record<string, string> = {};

export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'mahalle-contract-'));
  process.env.CONTRACT_COVERAGE_DIR = dir;
  const args = process.argv.slice(2);
  const filtered = args.some(
    (a, i) => a === '-t' || a.startsWith('--testNamePattern') || (!a.startsWith('-') && a !== 'run' && !args[i - 1]?.startsWith('--project')),
  );
  return () => {
    const seen = new Set<string>();
    for (const f of readdirSync(dir)) for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) if (line) seen.add(line);
    rmSync(dir, { recursive: true, force: true });
    const all = (Object.values(contract) as Endpoint[]).map((e) => e.route);
    const missing = all.filter((r) => !seen.has(r) && !(r in UNCOVERED_ON_PURPOSE));
    const report = `${all.length - missing.length} of ${all.length} contract routes answered successfully and checked by the server tests`;
    writeFileSync(join(import.meta.dirname, 'contract-coverage.txt'), [report, '', ...missing.map((r) => `not covered: ${r}`)].join('\n') + '\n');
    if (!missing.length) return console.log(report);
    // A filtered run answers only its own routes: the count is enough (the list is in the file).
    if (filtered) return console.log(`${report} (this run was filtered; see server/contract-coverage.txt)`);
    console.log(`${report}; not covered:\n  ${missing.join('\n  ')}`);
    throw new Error(`${missing.length} contract routes have no test that answers them successfully`);
  };
}
