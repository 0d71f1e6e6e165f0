/** A stopping server waits for the requests it is answering and the work they queued, but not for ever. */
import { describe, expect, it, vi } from 'vitest';
import { afterAnswer, counted, settled } from '../../src/lib/http/in-flight.server.ts';

describe('requests in flight', () => {
  it('settles at once when nothing is being answered', async () => {
    // The clock is stopped: settling cannot come from its 5 s timeout.
    vi.useFakeTimers();
    try {
      let done = false;
      void settled(5_000).then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
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

describe('work queued after the answer', () => {
  it('runs after the caller has moved on, and a stopping server waits for it', async () => {
    let finish!: () => void;
    let started = false;
    afterAnswer('test', () => {
      started = true;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    expect(started).toBe(false);
    let done = false;
    const stopping = settled(60_000).then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    finish();
    await stopping;
    expect(done).toBe(true);
  });

  it('logs a failure with its name instead of losing it, and counts it as finished', async () => {
    const logged: { details: object; message: string }[] = [];
    const log = { error: (details: object, message: string) => void logged.push({ details, message }) };
    afterAnswer('failing-mail', () => Promise.reject(new Error('smtp down')), log);
    afterAnswer(
      'throwing-mail',
      () => {
        throw new Error('at once');
      },
      log,
    );
    await settled(60_000);
    expect(logged.map((l) => l.message)).toEqual(['background work failed', 'background work failed']);
    expect(logged.map((l) => (l.details as { work: string }).work)).toEqual(['failing-mail', 'throwing-mail']);
    expect((logged[0]!.details as { err: Error }).err.message).toBe('smtp down');
  });
});
