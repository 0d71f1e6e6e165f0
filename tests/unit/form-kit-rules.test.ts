/**
 * The form kit's shared rules: an image file is judged in the browser with the server's own rules
 * and words; a click that leaves the page is told from one that doesn't; a pincode is complete.
 */
import { describe, expect, it } from 'vitest';
import { imageFileProblem, imageRules, imageTooLargeMessage, notAnImageMessage, sizeText } from '../../src/lib/uploads/image-rules.ts';
import { leavingLink } from '../../src/components/form/leave-guard.ts';
import { completePincode } from '../../src/lib/india/pincode-lookup.ts';

const MB2 = 2 * 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBP = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );
const blob = (bytes: number[], size = bytes.length, type = 'image/png') => {
  const body = new Uint8Array(size);
  body.set(bytes.slice(0, size));
  return new Blob([body], { type });
};

describe('image rules', () => {
  it('says the limit as people read it', () => {
    expect(sizeText(MB2)).toBe('2 MB');
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(sizeText(512 * 1024)).toBe('512 KB');
    expect(imageRules(MB2)).toBe('PNG, JPEG or WebP, at most 2 MB.');
  });

  it('accepts PNG, JPEG and WebP by their bytes, whatever type the file claims', async () => {
    expect(await imageFileProblem(blob(PNG, 100), MB2)).toBeNull();
    expect(await imageFileProblem(blob(JPEG, 100, 'application/octet-stream'), MB2)).toBeNull();
    expect(await imageFileProblem(blob(WEBP, 100, ''), MB2)).toBeNull();
  });

  it('refuses what the server refuses, with the server’s words, size first', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    expect(await imageFileProblem(svg, MB2)).toBe(notAnImageMessage(MB2));
    expect(await imageFileProblem(blob([0x25, 0x50, 0x44, 0x46], 100, 'image/png'), MB2)).toBe(
      'This file is not a PNG, JPEG or WebP image. PNG, JPEG or WebP, at most 2 MB.',
    );
    expect(await imageFileProblem(blob(PNG, MB2 + 1), MB2)).toBe(imageTooLargeMessage(MB2));
    expect(await imageFileProblem(blob([0x25], MB2 + 1, 'text/plain'), MB2)).toBe('The file is too large. PNG, JPEG or WebP, at most 2 MB.');
  });

  it('says nothing of an empty file (the server treats it as no upload)', async () => {
    expect(await imageFileProblem(new Blob([]), MB2)).toBeNull();
  });
});

describe('leavingLink', () => {
  const here = new URL('https://shop.example/warehouses/add?return=%2Fwarehouses');
  const click = (href: string | null, extra: Partial<MouseEvent> = {}, link: { target?: string; download?: boolean } = {}) => ({
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    ...extra,
    target: {
      closest: () => (href === null ? null : { href: new URL(href, here).href, target: link.target ?? '', hasAttribute: () => Boolean(link.download) }),
    } as unknown as EventTarget,
  });

  it('is the link a plain click follows in this tab', () => {
    expect(leavingLink(click('/warehouses'), here)?.pathname).toBe('/warehouses');
    expect(leavingLink(click('/dashboard', {}, { target: '_self' }), here)?.pathname).toBe('/dashboard');
    expect(leavingLink(click('https://other.example/x'), here)?.host).toBe('other.example');
  });

  it('is nothing for a click that keeps this page', () => {
    expect(leavingLink(click(null), here)).toBeNull();
    expect(leavingLink(click('/warehouses', { ctrlKey: true }), here)).toBeNull();
    expect(leavingLink(click('/warehouses', { metaKey: true }), here)).toBeNull();
    expect(leavingLink(click('/warehouses', { button: 1 }), here)).toBeNull();
    expect(leavingLink(click('/warehouses', { defaultPrevented: true }), here)).toBeNull();
    expect(leavingLink(click('/warehouses', {}, { target: '_blank' }), here)).toBeNull();
    expect(leavingLink(click('/uploads/a.png', {}, { download: true }), here)).toBeNull();
    expect(leavingLink(click('#main'), here)).toBeNull();
    expect(leavingLink(click('mailto:help@example.com'), here)).toBeNull();
  });
});

describe('completePincode', () => {
  it('is the six digits of a whole pincode, and null before', () => {
    expect(completePincode('560001')).toBe('560001');
    expect(completePincode(' 560 001 ')).toBe('560001');
    expect(completePincode('56000')).toBeNull();
    expect(completePincode('060001')).toBeNull();
    expect(completePincode('5600011')).toBeNull();
    expect(completePincode('Bengaluru')).toBeNull();
  });
});
