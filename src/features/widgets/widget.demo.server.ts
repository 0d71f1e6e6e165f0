/**
 * Demo widgets: a live hero banner with a real image (drawn here, so the repository carries no
 * binary), live strips and tiles, one scheduled for a later sale, one expired, and an inactive
 * promo card: every visibility the list shows.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { widgets } from './widget.tables.ts';
import { uploads } from '../../lib/uploads/storage.server.ts';

/** A banner-shaped PNG: a left-to-right gradient between two colours, with a band of a third. */
export function bannerPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
  band: [number, number, number],
): Uint8Array {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const inBand = y > height * 0.62 && y < height * 0.74;
    for (let x = 0; x < width; x++) {
      const t = x / (width - 1);
      const rgb = inBand ? band : from.map((c, i) => Math.round(c + (to[i]! - c) * t));
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([head, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const seedWidgets: DemoSeed = async (tx, { at }) => {
  const hero = await uploads().put(bannerPng(480, 160, [128, 0, 32], [255, 153, 51], [255, 215, 0]), 'png', 'image/png');
  const promo = await uploads().put(bannerPng(320, 200, [19, 78, 74], [94, 234, 212], [250, 250, 250]), 'png', 'image/png');
  const day = (iso: string) => new Date(iso);
  await tx.insert(widgets).values(
    [
      {
        title: 'Diwali Festive Sale',
        type: 'hero-banner',
        imagePath: hero.key,
        altText: 'Maroon and saffron banner: Diwali Festive Sale, up to 60% off silk sarees and kurtas',
        linkUrl: '/sale/diwali',
        position: 1,
        startsAt: at,
        endsAt: null,
        status: 'active',
      },
      { title: 'Free delivery on orders above ₹499', type: 'strip', linkUrl: '/help/shipping', position: 2, status: 'active' },
      { title: 'Shop by category', type: 'category-tiles', linkUrl: '/categories', position: 3, status: 'active' },
      {
        title: 'Republic Day Sale: handloom picks',
        type: 'product-carousel',
        linkUrl: '/sale/republic-day',
        position: 4,
        startsAt: day('2031-01-23T18:30:00.000Z'), // 24 Jan 2031, midnight IST
        endsAt: day('2031-01-27T18:29:00.000Z'),
        status: 'active',
      },
      {
        title: 'Independence Day: last hours',
        type: 'strip',
        linkUrl: '/sale/independence-day',
        position: 5,
        startsAt: day('2025-08-13T18:30:00.000Z'),
        endsAt: day('2025-08-15T18:29:00.000Z'),
        status: 'active',
      },
      {
        title: 'Kaveri Handlooms weavers’ week',
        type: 'promo-card',
        imagePath: promo.key,
        altText: 'Teal card with a white band: Kaveri Handlooms weavers’ week',
        linkUrl: 'https://kaveri-handlooms.example.com/weavers-week',
        position: 6,
        status: 'inactive',
      },
    ].map((w) => ({ createdAt: at, updatedAt: at, ...w })),
  );
};
