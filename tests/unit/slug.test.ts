/** The one slugify (src/lib/text/slug.ts): area slugs, demo seeds and store addresses all derive it here. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slugify } from '../../src/lib/text/slug.ts';

describe('slugify', () => {
  it('cuts at the given length without leaving a trailing hyphen', () => {
    expect(slugify('Demo Fashion House', 11)).toBe('demo-fashio');
    expect(slugify('Demo Fashion House', 5)).toBe('demo');
    expect(slugify('x'.repeat(200))).toHaveLength(120);
  });
  it.each([
    ['Demo Fashion House', 'demo-fashion-house'],
    ["Neha's Crafts & Co", 'nehas-crafts-and-co'],
    ['  Café Déjà Vu!  ', 'cafe-deja-vu'],
    ['दुकान', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name, 60)).toBe(slug);
  });
  it('keeps slugs short and clean', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const slug = slugify(name, 60);
        expect(slug.length).toBeLessThanOrEqual(60);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});
