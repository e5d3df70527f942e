import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { loadConfig, machineMemory, serverRenderByDefault } from '../config';
import { SERVER_RENDERED, looksNarrow, renderTarget } from './pages';

const drawn = (path: string) => SERVER_RENDERED.some((re) => re.test(path));

describe('the pages drawn on the server', () => {
  it('are the five visitor pages, not the forms, lists or members-only pages', () => {
    for (const path of ['/', '/discover', '/qa/question/12', '/blog/gece-gokyuzu', '/hobby-groups/akustik-geceler']) expect(drawn(path), path).toBe(true);
    for (const path of ['/login', '/blog/create', '/blog/edit', '/blog/edit/4', '/qa', '/qa/question/x', '/messages', '/admin', '/hobby-groups', '/events/3'])
      expect(drawn(path), path).toBe(false);
  });

  it('are drawn at their path with only the query Discover reads, so made-up queries share one drawing', () => {
    expect(renderTarget('/qa/question/3', { utm_source: 'x' })).toBe('/qa/question/3');
    expect(renderTarget('/discover', { tag: 'koşu', ref: 'a', q: '' })).toBe('/discover?tag=ko%C5%9Fu');
    expect(renderTarget('/discover', { q: 'bahçe', tag: ['a', 'b'] })).toBe('/discover?q=bah%C3%A7e');
    expect(renderTarget('/discover', {})).toBe('/discover');
  });

  it("take a phone's browser for a phone, anything else for a wide window", () => {
    expect(looksNarrow('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36')).toBe(true);
    expect(
      looksNarrow('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'),
    ).toBe(true);
    expect(looksNarrow('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36')).toBe(false);
    expect(looksNarrow(undefined)).toBe(false);
  });
});

describe('SERVER_RENDER', () => {
  const GiB = 1024 ** 3;
  const enabled = (env: Record<string, string>) => loadConfig({ DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32), ...env }).serverRender.enabled;

  it('is on by default in production on a machine of 2 GB or more, off on a 1 GB one, in tests and in development', () => {
    expect(serverRenderByDefault('production', 1.9 * GiB)).toBe(true); // a "2 GB" machine, as the kernel reports it
    expect(serverRenderByDefault('production', 24 * GiB)).toBe(true);
    expect(serverRenderByDefault('production', 0.95 * GiB)).toBe(false); // a "1 GB" one
    expect(serverRenderByDefault('production', 1.5 * GiB - 1)).toBe(false);
    expect(serverRenderByDefault('test', 24 * GiB)).toBe(false);
    expect(serverRenderByDefault('development', 24 * GiB)).toBe(false);
  });

  it('counts a container limit below the machine memory', () => {
    expect(machineMemory()).toBeGreaterThan(0);
    expect(machineMemory()).toBeLessThanOrEqual(os.totalmem());
  });

  it('follows SERVER_RENDER when set, and the default for an empty value or `auto`', () => {
    const byDefault = serverRenderByDefault('production', machineMemory());
    expect(enabled({ NODE_ENV: 'production', SERVER_RENDER: '1' })).toBe(true);
    expect(enabled({ NODE_ENV: 'production', SERVER_RENDER: '0' })).toBe(false);
    expect(enabled({ NODE_ENV: 'test', SERVER_RENDER: 'on' })).toBe(true);
    expect(enabled({ NODE_ENV: 'production', SERVER_RENDER: 'auto' })).toBe(byDefault);
    expect(enabled({ NODE_ENV: 'production', SERVER_RENDER: '' })).toBe(byDefault);
    expect(enabled({ NODE_ENV: 'production' })).toBe(byDefault);
    expect(enabled({ NODE_ENV: 'test' })).toBe(false);
  });
});
