/** Delivery partners on the server: the courier, its zones counted, and none deleted while it has zones. */
import { sql } from 'drizzle-orm';
import { deliveryPartners } from './delivery-partner.tables.ts';
import { deliveryZones } from '@/features/delivery-zones/delivery-zone.tables.ts';
import { subOrders } from '@/features/orders/orders.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, recordStamps, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { deliveryPartnerArea } from './delivery-partner.area.ts';

// Correlated counts, sortable and filterable like columns; qualified by hand (see brands).
const zonesCount = sql<number>`(select count(*)::int from delivery_zones z where z.delivery_partner_id = "delivery_partners"."id")`;
/** Distinct pincodes over the partner's zones (two zones may share one). */
const pincodesCount = sql<number>`(select count(distinct zp.pincode_id)::int from delivery_zone_pincodes zp join delivery_zones z on z.id = zp.zone_id where z.delivery_partner_id = "delivery_partners"."id")`;

export const deliveryPartnerResource = defineResource({
  area: deliveryPartnerArea,
  table: deliveryPartners,
  tableName: 'delivery_partners',
  searchColumns: [deliveryPartners.name, deliveryPartners.contactName],
  computed: { zonesCount, pincodesCount },
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    contact_name: r.contactName ?? '',
    contact_phone: r.contactPhone ?? '',
    contact_email: r.contactEmail ?? '',
    tracking_url_template: r.trackingUrlTemplate ?? '',
    cod_supported: r.codSupported,
    zones_count: Number(r.zonesCount ?? 0),
    pincodes_count: Number(r.pincodesCount ?? 0),
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    contactName: input.contact_name || null,
    contactPhone: input.contact_phone || null,
    contactEmail: input.contact_email || null,
    trackingUrlTemplate: input.tracking_url_template || null,
    codSupported: input.cod_supported,
    status: input.status,
  }),
  unique: [uniqueName(deliveryPartners.name, 'delivery partner')],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [
      { counts: await countUses(db, deliveryZones, deliveryZones.deliveryPartnerId, ids), one: 'delivery zone', many: 'delivery zones', verb: 'has' },
      // Shipped parcels name their courier (their AWB and tracking link): deactivate it instead.
      { counts: await countUses(db, subOrders, subOrders.deliveryPartnerId, ids), one: 'order', many: 'orders', verb: 'shipped' },
    ]),
});
