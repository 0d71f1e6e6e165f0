/** Demo return policies: two any brand may use, and one brand's own (so that brand can't be deleted). */
import { returnPolicies } from './return-policy.tables.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

export const seedReturnPolicies: DemoSeed = async (tx, { at, brandIds }) => {
  await tx.insert(returnPolicies).values(
    [
      {
        title: '7-day easy returns',
        brandId: null,
        isReturnable: true,
        returnWindowDays: 7,
        conditions:
          'Unused, unwashed, with the tags and the original packaging. Pickup from the delivery address; refund to the original payment method within 7 days of pickup.',
      },
      {
        title: 'No returns on hygiene products',
        brandId: null,
        isReturnable: false,
        returnWindowDays: 0,
        conditions:
          'Innerwear, cosmetics and personal care products can’t be returned once delivered. A damaged or wrong item is replaced if reported within 48 hours with photos.',
      },
      {
        title: 'Chandni Jewels: 15-day exchange',
        brandId: brandIds['Chandni Jewels']!,
        isReturnable: true,
        returnWindowDays: 15,
        conditions:
          'Silver and kundan pieces may be returned or exchanged within 15 days with the certificate of authenticity. Engraved or resized pieces are final sale.',
      },
    ].map((p) => ({ ...p, createdAt: at, updatedAt: at })),
  );
};
