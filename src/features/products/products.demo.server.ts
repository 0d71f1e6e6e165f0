/**
 * The demo catalogue beyond the five products every database starts with (src/app/db/seed.server.ts,
 * whose SKUs DFH-KUR-001… tests use): Demo Fashion House gets a dozen more across its brands and
 * categories, in every state a list shows (live, off sale, drafts still being written, one
 * waiting for review), each with one variant; and one kurta in sizes and colours (seedVariedProduct).
 * Their summary columns are computed like any write's.
 */
import { and, eq } from 'drizzle-orm';
import { categories, subCategories } from '../categories/category.tables.ts';
import { tags } from '../tags/tag.tables.ts';
import { taxes } from '../taxes/tax.tables.ts';
import { returnPolicies } from '../return-policies/return-policy.tables.ts';
import { sizeCharts } from '../size-charts/size-chart.tables.ts';
import { productOptions, productStatusEvents, productTags, productVariants, productWarehouses, products } from './product.tables.ts';
import { productMatrixGroups, productMatrixValues } from '../product-matrices/product-matrix.tables.ts';
import { warehouses } from '../warehouses/warehouse.tables.ts';
import { refreshProductSummary } from './product-summary.server.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

interface DemoProduct {
  name: string;
  sku: string;
  brand: string | null;
  category: string;
  sub: string;
  tax: string;
  /** Selling price and MRP in paise. */
  price: number;
  mrp: number;
  status: 'draft' | 'pending_review' | 'active' | 'inactive';
  tags: string[];
  description: string;
  sizeChart?: string;
  /** EAN-13, check digit verified (the list's search finds it exactly). */
  barcode?: string;
}

const APPAREL = 'Apparel up to ₹2,500 (GST 5%)';
const APPAREL_HIGH = 'Apparel above ₹2,500 (GST 18%)';

const CATALOGUE: DemoProduct[] = [
  {
    name: 'Block-print Cotton Kurta, Mustard',
    sku: 'DFH-KUR-004',
    brand: 'Indigo Loom',
    category: 'Clothing',
    sub: 'Kurtas & Kurtis',
    tax: APPAREL,
    price: 114900,
    mrp: 149900,
    status: 'active',
    tags: ['Handloom', 'Made in India'],
    description: 'Hand-block printed in Bagru with natural dyes. **Straight fit**, side slits, three-quarter sleeves.',
    sizeChart: "Women's kurtas",
  },
  {
    name: 'Anarkali Kurta, Rani Pink',
    sku: 'DFH-KUR-005',
    brand: 'Saffron Thread',
    category: 'Clothing',
    sub: 'Kurtas & Kurtis',
    tax: APPAREL_HIGH,
    price: 329900,
    mrp: 399900,
    status: 'active',
    tags: ['Festive Wear'],
    description: 'Flared Anarkali in chanderi with gota-patti trim at the hem.',
    sizeChart: "Women's kurtas",
  },
  {
    name: 'Short Kurti, Indigo Dabu',
    sku: 'DFH-KUR-006',
    brand: 'Indigo Loom',
    category: 'Clothing',
    sub: 'Kurtas & Kurtis',
    tax: APPAREL,
    price: 79900,
    mrp: 89900,
    status: 'inactive',
    tags: ['Handloom', 'Organic Cotton'],
    description: 'Dabu mud-resist print on organic cotton. Back in stock after the monsoon.',
    sizeChart: "Women's kurtas",
  },
  {
    name: 'Linen Shirt, Sage Green',
    sku: 'DFH-SHI-007',
    brand: 'Monsoon Linen',
    category: 'Clothing',
    sub: 'Shirts',
    tax: APPAREL,
    price: 189900,
    mrp: 219900,
    status: 'active',
    tags: ['New Arrival'],
    description: 'Pure linen, regular fit, mother-of-pearl buttons.',
    sizeChart: "Men's shirts (regular fit)",
    barcode: '8901030865275',
  },
  {
    name: 'Mandarin-collar Linen Shirt, Sky Blue',
    sku: 'DFH-SHI-008',
    brand: 'Monsoon Linen',
    category: 'Clothing',
    sub: 'Shirts',
    tax: APPAREL,
    price: 199900,
    mrp: 199900,
    status: 'pending_review',
    tags: ['New Arrival', 'Made in India'],
    description: 'Band collar, curved hem; washed for softness.',
    sizeChart: "Men's shirts (regular fit)",
  },
  {
    name: 'Selvedge Denim Shirt',
    sku: 'DFH-SHI-009',
    brand: 'Neel Denim',
    category: 'Clothing',
    sub: 'Shirts',
    tax: APPAREL_HIGH,
    price: 279900,
    mrp: 299900,
    status: 'active',
    tags: ['Made in India'],
    description: 'Selvedge denim woven in Ahmedabad, indigo rope-dyed.',
    sizeChart: "Men's shirts (regular fit)",
  },
  {
    name: 'Banarasi Silk Dupatta, Emerald',
    sku: 'DFH-DUP-010',
    brand: 'Saffron Thread',
    category: 'Clothing',
    sub: 'Dupattas & Stoles',
    tax: APPAREL,
    price: 249900,
    mrp: 279900,
    status: 'active',
    tags: ['Festive Wear', 'Handloom'],
    description: 'Zari border, woven in Varanasi.',
  },
  {
    name: 'Kalamkari Cotton Stole',
    sku: 'DFH-DUP-011',
    brand: 'Indigo Loom',
    category: 'Clothing',
    sub: 'Dupattas & Stoles',
    tax: APPAREL,
    price: 64900,
    mrp: 79900,
    status: 'draft',
    tags: ['Handloom'],
    description: 'Pen-drawn kalamkari motifs. _Photos coming soon._',
  },
  {
    name: 'Cotton Bedsheet Set, Indigo Buti',
    sku: 'DFH-BED-012',
    brand: 'Peepal Home',
    category: 'Home & Kitchen',
    sub: 'Bed Linen',
    tax: 'Bed and bath linen (GST 5%)',
    price: 169900,
    mrp: 229900,
    status: 'active',
    tags: ['Organic Cotton', 'Made in India'],
    description: 'Double bedsheet with two pillow covers, 180 thread count.',
  },
  {
    name: 'Waffle Bath Towel, Stone',
    sku: 'DFH-BAT-013',
    brand: 'Peepal Home',
    category: 'Home & Kitchen',
    sub: 'Bath Linen',
    tax: 'Bed and bath linen (GST 5%)',
    price: 59900,
    mrp: 69900,
    status: 'draft',
    tags: [],
    description: 'Quick-drying waffle weave.',
  },
  {
    name: 'Oxidised Silver Jhumkas',
    sku: 'DFH-JWL-014',
    brand: 'Chandni Jewels',
    category: 'Jewellery',
    sub: 'Silver Jewellery',
    tax: 'Gold and silver jewellery (GST 3%)',
    price: 189900,
    mrp: 189900,
    status: 'active',
    tags: ['Festive Wear'],
    description: '92.5 sterling silver, oxidised finish, hallmarked.',
  },
  {
    name: 'Kundan Choker Set',
    sku: 'DFH-JWL-015',
    brand: 'Chandni Jewels',
    category: 'Jewellery',
    sub: 'Kundan Jewellery',
    tax: 'Gold and silver jewellery (GST 3%)',
    price: 459900,
    mrp: 499900,
    status: 'draft',
    tags: ['Festive Wear'],
    description: 'Choker with matching earrings.',
  },
];

export const seedProductCatalogue: DemoSeed = async (tx, { at, vendorIds, brandIds }) => {
  const byName = async <T extends { id: number; name: string }>(rows: Promise<T[]>) => new Map((await rows).map((r) => [r.name, r.id]));
  const categoryIds = await byName(tx.select({ id: categories.id, name: categories.name }).from(categories));
  const subRows = await tx.select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId }).from(subCategories);
  const tagIds = await byName(tx.select({ id: tags.id, name: tags.name }).from(tags));
  const taxIds = await byName(tx.select({ id: taxes.id, name: taxes.name }).from(taxes));
  const sizeChartIds = await byName(tx.select({ id: sizeCharts.id, name: sizeCharts.name }).from(sizeCharts));
  const [anyBrandPolicy] = await tx.select({ id: returnPolicies.id }).from(returnPolicies).where(eq(returnPolicies.title, '7-day easy returns'));
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The demo catalogue needs ${what}`);
    return value;
  };

  for (const [i, item] of CATALOGUE.entries()) {
    const categoryId = need(categoryIds.get(item.category), `the category ${item.category}`);
    const subCategoryId = need(subRows.find((s) => s.name === item.sub && s.categoryId === categoryId)?.id, `the sub-category ${item.sub}`);
    // Spread over the weeks after the demo date, so "Updated" sorts them apart.
    const when = new Date(at.getTime() + (i + 1) * 3 * 86_400_000);
    const submitted = item.status !== 'draft';
    const [product] = await tx
      .insert(products)
      .values({
        vendorId: vendorIds.fashion,
        name: item.name,
        slug: slugify(item.name),
        description: item.description,
        brandId: item.brand ? need(brandIds[item.brand], `the brand ${item.brand}`) : null,
        categoryId,
        subCategoryId,
        taxId: need(taxIds.get(item.tax), `the tax ${item.tax}`),
        returnPolicyId: item.category === 'Clothing' ? (anyBrandPolicy?.id ?? null) : null,
        sizeChartId: item.sizeChart ? need(sizeChartIds.get(item.sizeChart), `the size chart ${item.sizeChart}`) : null,
        status: item.status,
        submittedAt: submitted ? when : null,
        reviewedAt: item.status === 'active' || item.status === 'inactive' ? when : null,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: products.id });
    const productId = product!.id;
    await tx.insert(productVariants).values({
      productId,
      vendorId: vendorIds.fashion,
      sku: item.sku,
      mrpPaise: item.mrp,
      pricePaise: item.price,
      barcode: item.barcode ?? null,
      createdAt: when,
      updatedAt: when,
    });
    if (item.tags.length) await tx.insert(productTags).values(item.tags.map((t) => ({ productId, tagId: need(tagIds.get(t), `the tag ${t}`) })));
    // The status history a details page shows: how it got where it is.
    const history: [string | null, string][] =
      item.status === 'draft'
        ? [[null, 'draft']]
        : item.status === 'pending_review'
          ? [
              [null, 'draft'],
              ['draft', 'pending_review'],
            ]
          : [
              [null, 'draft'],
              ['draft', 'pending_review'],
              ['pending_review', 'active'],
              ...(item.status === 'inactive' ? ([['active', 'inactive']] as [string, string][]) : []),
            ];
    await tx
      .insert(productStatusEvents)
      .values(history.map(([fromStatus, toStatus]) => ({ productId, fromStatus, toStatus, reason: null, actorUserId: null, createdAt: when })));
    await refreshProductSummary(tx, productId);
  }
};

/**
 * One product that varies, as most apparel does: a kurta in three sizes and two colours (six
 * variants, the larger size dearer), shipped from the vendor's Bengaluru warehouse. After the
 * option groups (product-matrices.demo) and the warehouses; its stock comes with the others'
 * (inventories.demo).
 */
const VARIED = {
  name: 'Everyday Cotton Kurta',
  sku: 'DFH-KUR-020',
  brand: 'Indigo Loom',
  sizes: ['S', 'M', 'L'],
  colours: [
    ['Indigo', 'IND'],
    ['White', 'WHT'],
  ],
  mrp: 119900,
  /** Selling price by size. */
  price: { S: 89900, M: 89900, L: 94900 } as Record<string, number>,
  /** Ships from (its stock is in inventories.demo). */
  warehouse: 'DFH-BLR',
};

export const seedVariedProduct: DemoSeed = async (tx, { at, vendorIds, brandIds }) => {
  const need = <T>(value: T | undefined | null, what: string): T => {
    if (value === undefined || value === null) throw new Error(`The varied demo product needs ${what}`);
    return value;
  };
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Clothing'));
  const [sub] = await tx.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.name, 'Kurtas & Kurtis'));
  const [tax] = await tx.select({ id: taxes.id }).from(taxes).where(eq(taxes.name, APPAREL));
  const [chart] = await tx.select({ id: sizeCharts.id }).from(sizeCharts).where(eq(sizeCharts.name, "Women's kurtas"));
  const [policy] = await tx.select({ id: returnPolicies.id }).from(returnPolicies).where(eq(returnPolicies.title, '7-day easy returns'));
  const groupValues = async (group: string, values: string[]) => {
    const [g] = await tx.select({ id: productMatrixGroups.id }).from(productMatrixGroups).where(eq(productMatrixGroups.name, group));
    const rows = await tx
      .select({ id: productMatrixValues.id, value: productMatrixValues.value })
      .from(productMatrixValues)
      .where(eq(productMatrixValues.groupId, need(g, `the option group ${group}`).id));
    return {
      groupId: g!.id,
      ids: new Map(
        values.map((v) => [
          v,
          need(
            rows.find((r) => r.value === v),
            `the value ${group} ${v}`,
          ).id,
        ]),
      ),
    };
  };
  const size = await groupValues('Size', VARIED.sizes);
  const colour = await groupValues(
    'Colour',
    VARIED.colours.map(([c]) => c!),
  );
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.vendorId, vendorIds.fashion), eq(warehouses.code, VARIED.warehouse)));
  const when = new Date(at.getTime() + 40 * 86_400_000);
  const [product] = await tx
    .insert(products)
    .values({
      vendorId: vendorIds.fashion,
      name: VARIED.name,
      slug: slugify(VARIED.name),
      description: 'Soft mul cotton for every day. **Straight fit**, side pockets; in indigo or white.',
      brandId: need(brandIds[VARIED.brand], `the brand ${VARIED.brand}`),
      categoryId: need(category, 'the category Clothing').id,
      subCategoryId: need(sub, 'the sub-category Kurtas & Kurtis').id,
      taxId: need(tax, `the tax ${APPAREL}`).id,
      returnPolicyId: policy?.id ?? null,
      sizeChartId: chart?.id ?? null,
      status: 'active',
      submittedAt: when,
      reviewedAt: when,
      weightGrams: 300,
      lengthMm: 320,
      widthMm: 260,
      heightMm: 30,
      handlingDays: 1,
      createdAt: when,
      updatedAt: when,
    })
    .returning({ id: products.id });
  const productId = product!.id;
  await tx.insert(productOptions).values([
    { productId, groupId: size.groupId, position: 0, valueIds: [...size.ids.values()] },
    { productId, groupId: colour.groupId, position: 1, valueIds: [...colour.ids.values()] },
  ]);
  let position = 0;
  for (const s of VARIED.sizes) {
    for (const [c, code] of VARIED.colours) {
      await tx.insert(productVariants).values({
        productId,
        vendorId: vendorIds.fashion,
        sku: `${VARIED.sku}-${s}-${code}`,
        optionValueIds: [size.ids.get(s)!, colour.ids.get(c!)!],
        mrpPaise: VARIED.mrp,
        pricePaise: VARIED.price[s]!,
        position: position++,
        createdAt: when,
        updatedAt: when,
      });
    }
  }
  if (warehouse) await tx.insert(productWarehouses).values({ productId, warehouseId: warehouse.id });
  await tx.insert(productStatusEvents).values(
    (
      [
        [null, 'draft'],
        ['draft', 'pending_review'],
        ['pending_review', 'active'],
      ] as [string | null, string][]
    ).map(([fromStatus, toStatus]) => ({ productId, fromStatus, toStatus, reason: null, actorUserId: null, createdAt: when })),
  );
  await refreshProductSummary(tx, productId);
};
