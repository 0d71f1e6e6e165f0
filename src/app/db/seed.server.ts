/**
 * Demo data is added only to an empty database, and is the same every time (fixed ids, names and
 * dates). Permissions and built-in roles are synced on every start (src/lib/permissions/sync.server.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db/client.server.ts';
import { notifications, roles, settings, userRoles, users, vendors } from '../../lib/db/schema.ts';
import { brands } from '../../features/brands/brand.tables.ts';
import { products, productStatusEvents, productVariants } from '../../features/products/product.tables.ts';
import { slugify } from '../../lib/text/slug.ts';
import { hashPassword } from '../../lib/auth/password.server.ts';
import { importGeography } from '../../features/geography/geo-import.server.ts';
import type { DemoContext } from '../../lib/db/demo-seeds.server.ts';
import { DEMO_SEEDS } from './demo-seeds.server.ts';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'Admin@12345', name: 'Asha Admin', role: 'Super Admin' },
  { email: 'vendor@example.com', password: 'Vendor@12345', name: 'Vikram Vendor', role: 'Vendor' },
  { email: 'newvendor@example.com', password: 'Vendor@12345', name: 'Neha Newvendor', role: 'Vendor' },
  { email: 'support@example.com', password: 'Support@12345', name: 'Sunil Support', role: 'Support' },
] as const;

const DEMO_DATE = new Date('2026-01-15T09:30:00.000Z');

/** Adds the demo data when the database has no users. Returns whether it did. */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several app servers may boot at once on PostgreSQL: one seeds, the others see the users.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
    if (count > 0) return false;

    const [store, newStore, otherStore] = await tx
      .insert(vendors)
      .values([
        {
          storeName: 'Demo Fashion House',
          slug: 'demo-fashion-house',
          gstin: '29AAFCD1234K1ZN',
          pan: 'AAFCD1234K',
          phone: '+919876543210',
          addressLine: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
          status: 'active',
          storeSetupCompletedAt: DEMO_DATE,
          createdAt: DEMO_DATE,
          updatedAt: DEMO_DATE,
        },
        { storeName: null, slug: null, status: 'draft', createdAt: DEMO_DATE, updatedAt: DEMO_DATE },
        {
          storeName: 'Kaveri Handlooms',
          slug: 'kaveri-handlooms',
          gstin: '33AAKFK5678R1ZE',
          pan: 'AAKFK5678R',
          phone: '+919812345678',
          addressLine: '4 Anna Salai',
          city: 'Chennai',
          state: 'Tamil Nadu',
          pincode: '600002',
          status: 'active',
          storeSetupCompletedAt: DEMO_DATE,
          createdAt: DEMO_DATE,
          updatedAt: DEMO_DATE,
        },
      ])
      .returning();

    const roleRows = await tx.select().from(roles);
    const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;
    for (const account of DEMO_ACCOUNTS) {
      const isVendor = account.role === 'Vendor';
      const vendorId = account.email === 'vendor@example.com' ? store!.id : account.email === 'newvendor@example.com' ? newStore!.id : null;
      const [user] = await tx
        .insert(users)
        .values({
          name: account.name,
          email: account.email,
          passwordHash: await hashPassword(account.password),
          userType: isVendor ? 'vendor' : 'staff',
          vendorId,
          phone: account.email === 'vendor@example.com' ? '+919876543210' : null,
          phoneVerifiedAt: account.email === 'vendor@example.com' ? DEMO_DATE : null,
          vendorOnboardingCompletedAt: account.email === 'vendor@example.com' ? DEMO_DATE : null,
          createdAt: DEMO_DATE,
          updatedAt: DEMO_DATE,
        })
        .returning();
      await tx.insert(userRoles).values({ userId: user!.id, roleId: roleId(account.role) });
      if (account.role === 'Super Admin') {
        await tx.insert(notifications).values([
          {
            userId: user!.id,
            type: 'vendor.pending',
            title: 'A vendor is waiting for approval',
            body: 'Neha Newvendor signed up and has not finished store setup.',
            link: '/vendors/list',
            createdAt: DEMO_DATE,
          },
          {
            userId: user!.id,
            type: 'system.welcome',
            title: 'Welcome to the back-office',
            body: 'Demo data is loaded. See the README for the demo accounts.',
            link: '/dashboard',
            createdAt: DEMO_DATE,
          },
        ]);
      }
    }

    const demoBrands = await tx
      .insert(brands)
      .values(
        [
          ['Indigo Loom', 'Hand-block printed cottons from Jaipur.'],
          ['Saffron Thread', 'Festive silks and dupattas.'],
          ['Kaveri Weaves', 'Kanchipuram and handloom sarees.'],
          ['Monsoon Linen', 'Linen shirts and trousers.'],
          ['Neel Denim', 'Selvedge denim, made in Ahmedabad.'],
          ['Chandni Jewels', 'Silver and kundan jewellery.'],
          ['Peepal Home', 'Cotton bed and bath linen.'],
          ['Tulsi Naturals', 'Ayurvedic skin care.'],
        ].map(([name, description], i) => ({
          name: name!,
          slug: name!.toLowerCase().replace(/\s+/g, '-'),
          description,
          status: i === 7 ? 'inactive' : 'active',
          createdAt: new Date(DEMO_DATE.getTime() + i * 86_400_000),
          updatedAt: new Date(DEMO_DATE.getTime() + i * 86_400_000),
        })),
      )
      .returning();
    const brandId = (name: string) => demoBrands.find((b) => b.name === name)!.id;

    // One variant each until the products issue's demo catalogue (prices in paise).
    const demoCatalogue = [
      { vendorId: store!.id, brand: 'Indigo Loom', name: 'Cotton Kurta, Indigo', sku: 'DFH-KUR-001', paise: 129900 },
      { vendorId: store!.id, brand: 'Monsoon Linen', name: 'Linen Shirt, White', sku: 'DFH-SHI-002', paise: 179900 },
      // Submitted by the vendor: the review queue has one to show (docs/products.md, Status and review).
      { vendorId: store!.id, brand: 'Saffron Thread', name: 'Silk Dupatta, Maroon', sku: 'DFH-DUP-003', paise: 99900, status: 'pending_review' },
      { vendorId: otherStore!.id, brand: 'Kaveri Weaves', name: 'Kanchipuram Saree, Gold', sku: 'KVH-SAR-001', paise: 849900 },
      { vendorId: otherStore!.id, brand: null, name: 'Handloom Towel Set', sku: 'KVH-TOW-002', paise: 64900 },
    ];
    const demoProducts: { id: number; sku: string }[] = [];
    for (const item of demoCatalogue) {
      const [product] = await tx
        .insert(products)
        .values({
          vendorId: item.vendorId,
          brandId: item.brand ? brandId(item.brand) : null,
          name: item.name,
          slug: slugify(item.name),
          status: item.status ?? 'active',
          submittedAt: item.status === 'pending_review' ? DEMO_DATE : null,
          priceMinPaise: item.paise,
          priceMaxPaise: item.paise,
          variantCount: 1,
          skus: item.sku,
          createdAt: DEMO_DATE,
          updatedAt: DEMO_DATE,
        })
        .returning({ id: products.id });
      await tx.insert(productVariants).values({
        productId: product!.id,
        vendorId: item.vendorId,
        sku: item.sku,
        mrpPaise: item.paise,
        pricePaise: item.paise,
        createdAt: DEMO_DATE,
        updatedAt: DEMO_DATE,
      });
      if (item.status === 'pending_review') {
        await tx.insert(productStatusEvents).values({ productId: product!.id, fromStatus: 'draft', toStatus: 'pending_review', createdAt: DEMO_DATE });
      }
      demoProducts.push({ id: product!.id, sku: item.sku });
    }

    await tx
      .insert(settings)
      .values({ key: 'sms.balance', value: { balance: 1250.5, currency: 'INR' } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { balance: 1250.5, currency: 'INR' } } });

    // All of India's states, cities and pincodes: the same import as `npm run geo:import`.
    await importGeography(tx, { at: DEMO_DATE });

    // Each area's own demo records (categories, taxes, warehouses…), in DEMO_SEEDS order.
    const context: DemoContext = {
      at: DEMO_DATE,
      vendorIds: { fashion: store!.id, newVendor: newStore!.id, kaveri: otherStore!.id },
      brandIds: Object.fromEntries(demoBrands.map((b) => [b.name, b.id])),
      productIds: Object.fromEntries(demoProducts.map((p) => [p.sku, p.id])),
    };
    for (const seed of DEMO_SEEDS) await seed(tx, context);
    return true;
  });
}
