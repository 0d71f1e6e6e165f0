/** localPath: a value from a request as a path of this site, or nothing (decision 017, issue 20 item 9). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localPath } from '../../src/lib/http/local-path.ts';
import { safeNext } from '../../src/features/auth/auth.schema.ts';

const ORIGIN = 'https://backoffice.example';

describe('localPath', () => {
  it('keeps paths of this site, as the URL parser writes them', () => {
    expect(localPath('/profile')).toBe('/profile');
    expect(localPath('/brands/listing?q=a%20b#top')).toBe('/brands/listing?q=a%20b#top');
    expect(localPath('/a/../profile')).toBe('/profile');
    expect(localPath('/é?q=😀')).toBe('/%C3%A9?q=%F0%9F%98%80');
  });

  it('refuses anything a browser could read as another site, and control characters', () => {
    for (const raw of [
      '/\t/evil.example',
      '/\n/evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/.//evil.example',
      '/..//x',
      '/x\r\ny',
      '/x\u0000',
      '/x\u007f',
      '/x\u0085',
      ' /x',
      '',
      null,
      undefined,
    ]) {
      expect(localPath(raw), JSON.stringify(raw)).toBeUndefined();
    }
    expect(safeNext('/\t/evil.example')).toBe('/dashboard');
  });

  it('never answers anything but a same-origin path without control characters', () => {
    const piece = fc.oneof(
      fc.constantFrom('/', '//', '\\', '.', '..', '\t', '\r', '\n', '\u0000', '\u007f', '\u2028', '%2f', '%09', ':', '?', '#', '@', 'evil.example', 'x'),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const out = localPath(parts.join(''));
        if (out === undefined) return;
        expect(out.startsWith('/') && !out.startsWith('//')).toBe(true);
        expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
        expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });
});
