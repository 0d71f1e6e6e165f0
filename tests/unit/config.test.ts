import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.server.ts';

function errorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('parseConfig accepted ' + JSON.stringify(env));
}

describe('parseConfig', () => {
  it('gives working defaults for an empty environment (PGlite with demo data)', () => {
    const c = parseConfig({});
    expect(c.driver).toBe('pglite');
    expect(c.demoData).toBe(true);
    expect(c.SESSION_IDLE_MINUTES).toBe(120);
    expect(c.SESSION_MAX_HOURS).toBe(12);
    expect(c.SESSION_TOUCH_SECONDS).toBe(60);
    expect(c.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT).toBe(5);
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.PERMISSION_CACHE_SECONDS).toBe(5);
    expect(c.dataDir).toMatch(/^\//);
  });

  it('uses PostgreSQL when DATABASE_URL is set, without demo data unless asked', () => {
    const c = parseConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(c.driver).toBe('postgres');
    expect(c.demoData).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgresql://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(parseConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('reads numbers and booleans from their text form', () => {
    const c = parseConfig({ SESSION_IDLE_MINUTES: '5', LOGIN_WINDOW_SECONDS: '3', TRUST_PROXY: 'yes' });
    expect(c.SESSION_IDLE_MINUTES).toBe(5);
    expect(c.LOGIN_WINDOW_SECONDS).toBe(3);
    expect(c.TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8']);
    expect(parseConfig({ PERMISSION_CACHE_SECONDS: '0' }).PERMISSION_CACHE_SECONDS).toBe(0);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ SESSION_IDLE_MINUTES: '', DATABASE_URL: '' }).SESSION_IDLE_MINUTES).toBe(120);
  });

  it.each([
    ['SESSION_IDLE_MINUTES', 'abc'],
    ['SESSION_IDLE_MINUTES', '-5'],
    ['SESSION_MAX_HOURS', '1.5'],
    ['SESSION_TOUCH_SECONDS', '-1'],
    ['SESSION_TOUCH_SECONDS', 'often'],
    ['PERMISSION_CACHE_SECONDS', '-1'],
    ['PERMISSION_CACHE_SECONDS', '301'],
    ['LOGIN_MAX_ATTEMPTS_PER_ACCOUNT', '0'],
    ['LOGIN_WINDOW_SECONDS', 'soon'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['SESSION_SECRET', 'too-short'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['PUBLIC_URL', 'ftp://files.example.com'],
    ['PORT', '70000'],
    ['DEMO_DATA', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAX_BODY_BYTES', '1e'],
  ])('names %s when its value (%s) is bad', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).toMatch(/^Invalid configuration/);
  });

  it('names every bad variable at once, and no good one', () => {
    const error = errorOf({ SESSION_IDLE_MINUTES: 'abc', LOG_LEVEL: 'loud', SESSION_MAX_HOURS: '4' });
    expect(error.message).toContain('SESSION_IDLE_MINUTES');
    expect(error.message).toContain('LOG_LEVEL');
    expect(error.message).not.toContain('SESSION_MAX_HOURS');
  });

  it('explains what a valid value looks like', () => {
    expect(errorOf({ DATABASE_URL: 'mysql://x' }).message).toContain('must start with postgres://');
    expect(errorOf({ SESSION_SECRET: 'short' }).message).toContain('at least 32 characters');
  });
});
