import { describe, expect, it } from 'vitest';
import {
  aroundWrite,
  cachedIdentity,
  forgetIdentities,
  identityGeneration,
  rememberIdentity,
  type CachedIdentity,
} from '../../src/lib/auth/principal-cache.server.ts';

const identity = (userId: number) =>
  ({
    session: { id: `s${userId}`, userId, impersonatedUserId: null, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) },
    real: { user: { id: userId }, vendor: null, abilities: ['brands:list'] },
    effective: { user: { id: userId }, vendor: null, abilities: ['brands:list'] },
  }) as unknown as CachedIdentity;

describe('the session → principal cache', () => {
  it('answers a remembered identity until its time is up', () => {
    forgetIdentities();
    rememberIdentity('a', identity(1), identityGeneration(), 5);
    expect(cachedIdentity('a')?.real.user.id).toBe(1);
    expect(cachedIdentity('a', Date.now() + 6_000)).toBeUndefined();
    expect(cachedIdentity('a')).toBeUndefined();
  });

  it('stores nothing when switched off (0 seconds)', () => {
    rememberIdentity('b', identity(2), identityGeneration(), 0);
    expect(cachedIdentity('b')).toBeUndefined();
  });

  it('forgets everything when a write starts and ends, and stores nothing read before or during it', async () => {
    rememberIdentity('c', identity(3), identityGeneration(), 5);
    const before = identityGeneration();
    await aroundWrite(async () => {
      expect(cachedIdentity('c')).toBeUndefined();
      rememberIdentity('d', identity(4), identityGeneration(), 5);
      expect(cachedIdentity('d')).toBeUndefined();
    });
    rememberIdentity('e', identity(5), before, 5);
    expect(cachedIdentity('e')).toBeUndefined();
    rememberIdentity('e', identity(5), identityGeneration(), 5);
    expect(cachedIdentity('e')?.real.user.id).toBe(5);
  });
});
