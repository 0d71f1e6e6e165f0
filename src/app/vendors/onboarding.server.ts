/**
 * Onboarding and the vendors area put together (features don't import each other): finishing
 * onboarding submits the store for approval, and a staff edit checks the address the way store
 * setup does.
 */
import type { Db } from '@/lib/db/client.server.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import { completeOnboarding, resolveAddress } from '@/features/vendor-onboarding/vendor-onboarding.service.server.ts';
import { submitForApproval, updateVendor } from '@/features/vendors/vendors.service.server.ts';
import type { VendorUpdateInput } from '@/features/vendors/vendor-kyc.schema.ts';

/** "Submit for approval": store, phone, KYC and documents checked; draft or rejected → pending. */
export const submitOnboarding = (db: Db, actor: Actor, userId: number) =>
  completeOnboarding(db, actor, userId, (vendorId) => submitForApproval(db, actor, vendorId));

/** A staff edit of a vendor (PUT /api/vendors/:id and the edit page). */
export const saveVendor = (db: Db, actor: Actor, vendorId: number, input: VendorUpdateInput) => updateVendor(db, actor, vendorId, input, resolveAddress);
