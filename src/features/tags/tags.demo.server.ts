/** Demo product tags: what a marketplace of Indian crafts and clothing tags its products with. */
import { tags } from './tag.tables.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

const TAGS: [string, 'active' | 'inactive'][] = [
  ['Handloom', 'active'],
  ['Festive Wear', 'active'],
  ['Organic Cotton', 'active'],
  ['New Arrival', 'active'],
  ['Made in India', 'active'],
  ['Diwali Gifts 2025', 'inactive'],
];

export const seedTags: DemoSeed = async (tx, { at }) => {
  await tx.insert(tags).values(TAGS.map(([name, status]) => ({ name, slug: slugify(name), status, createdAt: at, updatedAt: at })));
};
