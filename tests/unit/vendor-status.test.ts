/** The vendor status model: which decisions each status allows, who may trade, and document types by bytes. */
import { describe, expect, it } from 'vitest';
import { TRANSITIONS, VENDOR_STATUSES, staffTransitionsFrom, vendorCanTrade } from '../../src/features/vendors/vendor-status.ts';
import { kycSchema, vendorUpdateSchema } from '../../src/features/vendors/vendor-kyc.schema.ts';

describe('vendor status transitions', () => {
  it('offers staff the decisions of each status', () => {
    expect(staffTransitionsFrom('draft')).toEqual([]);
    expect(staffTransitionsFrom('pending')).toEqual(['approve', 'reject']);
    expect(staffTransitionsFrom('active')).toEqual(['suspend']);
    expect(staffTransitionsFrom('suspended')).toEqual(['reinstate']);
    expect(staffTransitionsFrom('rejected')).toEqual([]);
  });

  it('needs a reason exactly for reject and suspend', () => {
    expect(
      Object.entries(TRANSITIONS)
        .filter(([, t]) => t.needsReason)
        .map(([k]) => k),
    ).toEqual(['reject', 'suspend']);
  });

  it('every transition goes between known statuses', () => {
    const known = new Set<string>(VENDOR_STATUSES.map((s) => s.value));
    for (const t of Object.values(TRANSITIONS)) {
      expect(known.has(t.to)).toBe(true);
      for (const from of t.from) expect(known.has(from)).toBe(true);
    }
  });

  it('only an active vendor may trade', () => {
    expect(VENDOR_STATUSES.filter((s) => vendorCanTrade({ status: s.value })).map((s) => s.value)).toEqual(['active']);
    expect(vendorCanTrade(null)).toBe(false);
  });
});

describe('KYC and staff edit schemas', () => {
  const good = {
    legal_name: 'Asha Crafts',
    business_type: 'individual',
    pan: 'abcpe1234f',
    gst_registered: 'no',
    gst_enrolment_number: '291234567890abc',
    account_holder_name: 'Asha',
    bank_account: '1234 5678 9012',
    bank_account_confirm: '123456789012',
    ifsc: 'hdfc0001234',
  };
  it('normalises, and keeps only the GST identifier that applies', () => {
    expect(kycSchema.parse({ ...good, gstin: 'ignored' })).toMatchObject({
      pan: 'ABCPE1234F',
      gstin: null,
      gst_enrolment_number: '291234567890ABC',
      bank_account: '123456789012',
      ifsc: 'HDFC0001234',
    });
  });
  it('commission: a percent with at most 2 decimals; blank is the store default', () => {
    expect(vendorUpdateSchema.safeParse({ version: 1, commission_rate: '12.75' }).success).toBe(true);
    expect(vendorUpdateSchema.safeParse({ version: 1, commission_rate: '' }).success).toBe(true);
    expect(vendorUpdateSchema.safeParse({ version: 1, commission_rate: '12.755' }).success).toBe(false);
    expect(vendorUpdateSchema.safeParse({ version: 1, commission_rate: '-1' }).success).toBe(false);
    expect(vendorUpdateSchema.safeParse({ version: 1, commission_rate: 'ten' }).success).toBe(false);
  });
});
