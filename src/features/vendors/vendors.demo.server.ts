/**
 * The vendors area's demo record: one store waiting for approval (status `pending`, its KYC
 * submitted with the three documents), so a new operator sees the approval queue, its badge and
 * Approve / Reject working. Its owner signs in as pendingvendor@example.com / Vendor@12345 (README)
 * and sees the status page. The other demo stores are made with the accounts (src/app/db/seed.server.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { roles, userRoles, users, vendors } from '../../lib/db/schema.ts';
import { hashPassword } from '../../lib/auth/password.server.ts';
import { encrypt } from '../../lib/security/encryption.server.ts';
import { config } from '../../lib/config.server.ts';
import { cities, states } from '../geography/geography.tables.ts';
import { vendorDocuments, vendorKyc, vendorStatusEvents } from './vendors.tables.ts';

export const PENDING_VENDOR_ACCOUNT = { email: 'pendingvendor@example.com', password: 'Vendor@12345', name: 'Pooja Pendingvendor' } as const;

/** A one-page PDF: what the staff screen's signed links open for the demo documents. */
const demoPdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 100]>>endobj\n% Demo document: ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

export const seedPendingVendor: DemoSeed = async (tx, { at }) => {
  const submitted = new Date(at.getTime() + 2 * 86_400_000);
  const [place] = await tx
    .select({ stateId: states.id, cityId: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, 'Rajasthan'), eq(cities.name, 'Jaipur')))
    .limit(1);
  const [store] = await tx
    .insert(vendors)
    .values({
      storeName: 'Lotus Crafts Jaipur',
      slug: 'lotus-crafts-jaipur',
      legalName: 'Lotus Crafts',
      businessType: 'partnership',
      gstin: '08AAGFL4321M1Z6',
      pan: 'AAGFL4321M',
      phone: '+919829012345',
      addressLine: '21 Johari Bazaar',
      city: 'Jaipur',
      state: 'Rajasthan',
      cityId: place?.cityId ?? null,
      stateId: place?.stateId ?? null,
      pincode: '302001',
      status: 'pending',
      storeSetupCompletedAt: at,
      createdAt: at,
      updatedAt: submitted,
    })
    .returning({ id: vendors.id });
  const vendorId = store!.id;
  const [vendorRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Vendor')).limit(1);
  const [owner] = await tx
    .insert(users)
    .values({
      name: PENDING_VENDOR_ACCOUNT.name,
      email: PENDING_VENDOR_ACCOUNT.email,
      passwordHash: await hashPassword(PENDING_VENDOR_ACCOUNT.password),
      userType: 'vendor',
      vendorId,
      phone: '+919829012345',
      phoneVerifiedAt: at,
      vendorOnboardingCompletedAt: submitted,
      createdAt: at,
      updatedAt: submitted,
    })
    .returning({ id: users.id });
  if (vendorRole) await tx.insert(userRoles).values({ userId: owner!.id, roleId: vendorRole.id });
  await tx.insert(vendorKyc).values({
    vendorId,
    pan: 'AAGFL4321M',
    gstRegistered: true,
    bankAccountCipher: encrypt('50100234567890'),
    bankAccountLast4: '7890',
    ifsc: 'HDFC0001234',
    accountHolderName: 'Lotus Crafts',
    submittedAt: submitted,
    updatedAt: submitted,
  });
  for (const [kind, title] of [
    ['pan_card', 'PAN card'],
    ['cancelled_cheque', 'Cancelled cheque'],
    ['gst_certificate', 'GST certificate'],
  ] as const) {
    const bytes = demoPdf(`${title}, Lotus Crafts`);
    const relative = `${vendorId}/${kind}-demo.pdf`;
    const target = join(config().dataDir, 'kyc', relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes, { mode: 0o600 });
    await tx.insert(vendorDocuments).values({
      vendorId,
      kind,
      storagePath: relative,
      contentType: 'application/pdf',
      size: bytes.length,
      originalName: `${kind}.pdf`,
      uploadedAt: submitted,
    });
  }
  await tx.insert(vendorStatusEvents).values({ vendorId, fromStatus: 'draft', toStatus: 'pending', actorUserId: owner!.id, at: submitted });
};
