/**
 * Demo delivery partners and zones: two couriers with zones over real pincodes (Bengaluru's and
 * Chennai's cities, the whole of Goa) and a third with none yet, so it can be deleted.
 */
import { eq, sql } from 'drizzle-orm';
import { deliveryPartners } from '../delivery-partners/delivery-partner.tables.ts';
import { deliveryZonePincodes, deliveryZones } from './delivery-zone.tables.ts';
import { cities, pincodes, states } from '../geography/geography.tables.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

const PARTNERS = [
  {
    name: 'Swift Express',
    contactName: 'Operations desk',
    contactPhone: '1800 200 3000',
    contactEmail: 'ops@swiftexpress.example',
    trackingUrlTemplate: 'https://track.swiftexpress.example/awb/{tracking_number}',
    codSupported: true,
  },
  {
    name: 'Dakshin Couriers',
    contactName: 'K. Srinivasan',
    contactPhone: '+91 44 4000 2000',
    contactEmail: 'support@dakshin.example',
    trackingUrlTemplate: 'https://dakshin.example/track?awb={tracking_number}',
    codSupported: false,
  },
  { name: 'Metro Same-Day', contactName: null, contactPhone: null, contactEmail: null, trackingUrlTemplate: null, codSupported: true },
];

/** zone, partner, charge, days, and where its pincodes come from: a city (by name, in a state) or a whole state. */
const ZONES = [
  { name: 'Bengaluru city', partner: 'Swift Express', charge: '40.00', days: [1, 2], place: { state: 'KA', city: 'Bengaluru' } },
  { name: 'Chennai city', partner: 'Dakshin Couriers', charge: '49.00', days: [2, 3], place: { state: 'TN', city: 'Chennai' } },
  { name: 'All of Goa', partner: 'Swift Express', charge: '79.00', days: [3, 5], place: { state: 'GA' } },
] as const;

export const seedDelivery: DemoSeed = async (tx, { at }) => {
  const partners = await tx
    .insert(deliveryPartners)
    .values(PARTNERS.map((p) => ({ ...p, createdAt: at, updatedAt: at })))
    .returning({ id: deliveryPartners.id, name: deliveryPartners.name });
  for (const z of ZONES) {
    const [state] = await tx.select({ id: states.id }).from(states).where(eq(states.code, z.place.state)).limit(1);
    if (!state) throw new Error(`Demo zones need state ${z.place.state} in the geography`);
    let where = eq(pincodes.stateId, state.id);
    if ('city' in z.place) {
      const [city] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(sql`${cities.stateId} = ${state.id} and ${cities.name} = ${z.place.city}`)
        .limit(1);
      if (!city) throw new Error(`Demo zones need city ${z.place.city} in the geography`);
      where = eq(pincodes.cityId, city.id);
    }
    const ids = (await tx.select({ id: pincodes.id }).from(pincodes).where(where)).map((r) => r.id);
    const [zone] = await tx
      .insert(deliveryZones)
      .values({
        name: z.name,
        deliveryPartnerId: partners.find((p) => p.name === z.partner)!.id,
        charge: z.charge,
        estimatedDaysMin: z.days[0],
        estimatedDaysMax: z.days[1],
        pincodeCount: ids.length,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: deliveryZones.id });
    if (ids.length) await tx.insert(deliveryZonePincodes).values(ids.map((pincodeId) => ({ zoneId: zone!.id, pincodeId })));
  }
};
