import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxSiteFile, repoRoot } from './cluster';

/** The deploy guide shows the nginx file the two-node test runs: one source, checked here. */
describe('the deploy guide and docs/nginx/mahalle.conf', () => {
  it('quotes the file verbatim', () => {
    const guide = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    const blocks = [...guide.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toEqual([fs.readFileSync(nginxSiteFile, 'utf8')]);
  });
});
