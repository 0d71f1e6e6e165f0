/** A stopping server waits for the requests it is answering, but not for ever. */
import { describe, expect, it } from 'vitest';
import { counted, settled } from '../../src/lib/http/in-flight.server.ts';

describe('requests in flight', () => {
  it('settles at once when nothing is being answered', async () => {
    const started = performance.now();
    await settled(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('settles when the last request finishes, not before', async () => {
    let finish!: () => void;
    const request = counted(() => new Promise<string>((resolve) => (finish = () => resolve('answered'))));
    let done = false;
    const stopping = settled(60_000).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    finish();
    expect(await request).toBe('answered');
    await stopping;
    expect(done).toBe(true);
  });

  it('gives up waiting after the time allowed, and counts a failed request as finished', async () => {
    let fail!: (e: Error) => void;
    const request = counted(() => new Promise((_, reject) => (fail = reject)));
    await settled(30); // resolves on its timeout: the request is still open
    fail(new Error('boom'));
    await expect(request).rejects.toThrow('boom');
    await settled(60_000); // nothing in flight any more: at once
  });
});
