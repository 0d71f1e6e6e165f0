/**
 * Demo categories and sub-categories, and the demo products placed in them, so the lists show
 * what is in use (a category with products can't be deleted). Commission overrides on some, so
 * both "Store default" and a set rate are visible.
 */
import { eq } from 'drizzle-orm';
import { categories, subCategories } from './category.tables.ts';
import { products } from '../products/product.tables.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

/** name, commission % (null = the store's default), status, description, sub-categories [name, commission %]. */
const CATALOGUE: [string, string | null, 'active' | 'inactive', string, [string, string | null][]][] = [
  [
    'Clothing',
    null,
    'active',
    'Sarees, kurtas, shirts and dupattas.',
    [
      ['Sarees', '6.00'],
      ['Kurtas & Kurtis', null],
      ['Shirts', null],
      ['Dupattas & Stoles', null],
    ],
  ],
  [
    'Home & Kitchen',
    '12.00',
    'active',
    'Bed and bath linen, cookware and décor.',
    [
      ['Bed Linen', null],
      ['Bath Linen', null],
      ['Cookware', '10.00'],
    ],
  ],
  [
    'Beauty & Personal Care',
    '15.00',
    'active',
    'Skin, hair and body care.',
    [
      ['Skin Care', null],
      ['Hair Care', null],
    ],
  ],
  [
    'Jewellery',
    '8.00',
    'active',
    'Silver, kundan and fashion jewellery.',
    [
      ['Silver Jewellery', null],
      ['Kundan Jewellery', null],
    ],
  ],
  ['Footwear', null, 'inactive', 'Juttis, kolhapuris and sandals: opening soon.', []],
];

/** Demo products by SKU → [category, sub-category]. */
const PLACEMENT: Record<string, [string, string]> = {
  'DFH-KUR-001': ['Clothing', 'Kurtas & Kurtis'],
  'DFH-SHI-002': ['Clothing', 'Shirts'],
  'DFH-DUP-003': ['Clothing', 'Dupattas & Stoles'],
  'KVH-SAR-001': ['Clothing', 'Sarees'],
  'KVH-TOW-002': ['Home & Kitchen', 'Bath Linen'],
};

export const seedCategories: DemoSeed = async (tx, { at, productIds }) => {
  const made = await tx
    .insert(categories)
    .values(
      CATALOGUE.map(([name, commissionPercent, status, description], i) => ({
        name,
        slug: slugify(name),
        description,
        sortOrder: (i + 1) * 10,
        commissionPercent,
        status,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning();
  const categoryId = (name: string) => made.find((c) => c.name === name)!.id;
  const subs = await tx
    .insert(subCategories)
    .values(
      CATALOGUE.flatMap(([category, , , , children]) =>
        children.map(([name, commissionPercent], i) => ({
          categoryId: categoryId(category),
          name,
          slug: slugify(name),
          sortOrder: (i + 1) * 10,
          commissionPercent,
          createdAt: at,
          updatedAt: at,
        })),
      ),
    )
    .returning();
  for (const [sku, [category, sub]] of Object.entries(PLACEMENT)) {
    const subCategoryId = subs.find((s) => s.name === sub && s.categoryId === categoryId(category))!.id;
    await tx
      .update(products)
      .set({ categoryId: categoryId(category), subCategoryId })
      .where(eq(products.id, productIds[sku]!));
  }
};
