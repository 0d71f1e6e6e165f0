/**
 * Delivery zones on the server: the zone row, and its pincodes in delivery_zone_pincodes, saved
 * together in one transaction. The activity entry says how many pincodes were added and removed,
 * with a sample, not thousands of them.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { deliveryPartners } from '@/features/delivery-partners/delivery-partner.tables.ts';
import { deliveryZonePincodes, deliveryZones } from './delivery-zone.tables.ts';
import { pincodeIn, pincodeInC, pincodes } from '@/features/geography/geography.tables.ts';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import type { Changes } from '@/lib/activity/activity.server.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { findReferenced, recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { distinctPincodes, lineErrors, pincodeEntries } from '@/lib/india/pincode-list.ts';
import { deliveryZoneArea } from './delivery-zone.area.ts';

/** Pincodes looked up or written per statement: well under any driver's parameter limit. */
const CHUNK = 2_000;
/** Pincodes named in an activity entry; the counts are always there. */
const SAMPLE = 20;

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

async function idsOf(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of chunks(codes)) {
    for (const r of await db.select({ id: pincodes.id, pincode: pincodes.pincode }).from(pincodes).where(pincodeIn(part))) found.set(r.pincode, r.id);
  }
  return found;
}

interface ZonePincodes {
  /** Pincode id → pincode, in the order given. */
  chosen: Map<number, string>;
}

export const deliveryZoneResource = defineResource({
  area: deliveryZoneArea,
  table: deliveryZones,
  tableName: 'delivery_zones',
  queryOnly: {
    estimated_days_min: { column: deliveryZones.estimatedDaysMin, kind: 'number', sortable: true, filterable: true },
    estimated_days_max: { column: deliveryZones.estimatedDaysMax, kind: 'number', sortable: true, filterable: true },
  },
  searchColumns: [deliveryZones.name],
  computed: { deliveryPartnerName: deliveryPartners.name },
  joins: [{ table: deliveryPartners, on: eq(deliveryPartners.id, deliveryZones.deliveryPartnerId) }],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    delivery_partner_id: r.deliveryPartnerId,
    delivery_partner_name: r.deliveryPartnerName ?? '',
    pincode_count: r.pincodeCount,
    charge: Number(r.charge),
    estimated_days_min: r.estimatedDaysMin,
    estimated_days_max: r.estimatedDaysMax,
    estimated_days:
      r.estimatedDaysMin === r.estimatedDaysMax
        ? `${r.estimatedDaysMin} ${r.estimatedDaysMin === 1 ? 'day' : 'days'}`
        : `${r.estimatedDaysMin}–${r.estimatedDaysMax} days`,
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    deliveryPartnerId: input.delivery_partner_id,
    charge: input.charge.toFixed(2),
    estimatedDaysMin: input.estimated_days_min,
    estimatedDaysMax: input.estimated_days_max,
    status: input.status,
  }),
  resolve: async (db, values) => {
    if (!(await findReferenced(db, deliveryPartners.id, values.deliveryPartnerId, { id: deliveryPartners.id })))
      throw invalid({ delivery_partner_id: ['Choose a delivery partner from the list.'] });
    return values;
  },
  unique: [uniqueName(deliveryZones.name, 'delivery zone')],
  // The zone's pincodes: rows of delivery_zone_pincodes saved with the zone, in its transaction.
  hooks: {
    async beforeWrite(db, input) {
      const entries = pincodeEntries(input.pincodes);
      const codes = distinctPincodes(entries);
      const found = await idsOf(db, codes);
      const unknown = entries.filter((e) => !found.has(e.text));
      if (unknown.length) throw invalid({ pincodes: lineErrors(unknown, (e) => `${e.text} is not a pincode of India (not in the Pincodes list).`) });
      const chosen: ZonePincodes['chosen'] = new Map(codes.map((c) => [found.get(c)!, c]));
      return { plan: { chosen } satisfies ZonePincodes, values: { pincodeCount: chosen.size } };
    },
    async afterWrite(tx, id, plan): Promise<Changes> {
      const { chosen } = plan as ZonePincodes;
      const current = (await tx.select({ id: deliveryZonePincodes.pincodeId }).from(deliveryZonePincodes).where(eq(deliveryZonePincodes.zoneId, id))).map(
        (r) => r.id,
      );
      const currentSet = new Set(current);
      const added = [...chosen.keys()].filter((p) => !currentSet.has(p));
      const removed = current.filter((p) => !chosen.has(p));
      for (const part of chunks(removed))
        await tx.delete(deliveryZonePincodes).where(and(eq(deliveryZonePincodes.zoneId, id), inArray(deliveryZonePincodes.pincodeId, part)));
      for (const part of chunks(added)) await tx.insert(deliveryZonePincodes).values(part.map((pincodeId) => ({ zoneId: id, pincodeId })));
      if (!added.length && !removed.length) return {};
      const removedSample = removed.length
        ? (
            await tx
              .select({ pincode: pincodes.pincode })
              .from(pincodes)
              .where(inArray(pincodes.id, removed.slice(0, SAMPLE)))
              .orderBy(asc(pincodes.pincode))
          ).map((r) => r.pincode)
        : [];
      return {
        pincodes: [
          current.length || removed.length ? { count: current.length, removed: removed.length, removed_sample: removedSample } : null,
          { count: chosen.size, added: added.length, added_sample: added.slice(0, SAMPLE).map((p) => chosen.get(p)!) },
        ],
      };
    },
    async afterRead(db, id) {
      const rows = await db
        .select({ pincode: pincodes.pincode })
        .from(deliveryZonePincodes)
        .innerJoin(pincodes, eq(pincodes.id, deliveryZonePincodes.pincodeId))
        .where(eq(deliveryZonePincodes.zoneId, id))
        .orderBy(pincodeInC);
      return { pincodes: rows.map((r) => r.pincode).join('\n') };
    },
  },
});
