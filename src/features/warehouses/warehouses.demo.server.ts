/**
 * Demo warehouses: the platform's own in Bengaluru and Delhi, Demo Fashion House's in Bengaluru
 * (the demo vendor sees only this one) and Kaveri Handlooms' in Chennai. Their addresses point at
 * real pincodes of the demo geography.
 */
import { eq } from 'drizzle-orm';
import { cities, pincodeIs, pincodes } from '../geography/geography.tables.ts';
import { warehouses } from './warehouse.tables.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import type { Tx } from '../../lib/db/client.server.ts';

async function placeOf(tx: Tx, pincode: string) {
  const [row] = await tx
    .select({ pincodeId: pincodes.id, cityId: pincodes.cityId, stateId: cities.stateId })
    .from(pincodes)
    .innerJoin(cities, eq(cities.id, pincodes.cityId))
    .where(pincodeIs(pincode))
    .limit(1);
  if (!row) throw new Error(`Demo warehouses need pincode ${pincode} in the geography`);
  return row;
}

export const seedWarehouses: DemoSeed = async (tx, { at, vendorIds }) => {
  const rows = [
    {
      vendorId: null,
      name: 'Bengaluru fulfilment centre',
      code: 'BLR-01',
      contactName: 'Ravi Kumar',
      contactPhone: '+91 80 4000 1234',
      contactEmail: 'blr-01@example.com',
      addressLine1: '42 Hosur Road, Electronic City Phase 1',
      pincode: '560100',
    },
    {
      vendorId: null,
      name: 'Delhi NCR hub',
      code: 'DEL-01',
      contactName: 'Anita Sharma',
      contactPhone: '+91 11 4000 5678',
      contactEmail: 'del-01@example.com',
      addressLine1: 'Plot 7, Okhla Industrial Area Phase 2',
      pincode: '110020',
    },
    {
      vendorId: vendorIds.fashion,
      name: 'Demo Fashion House store room',
      code: 'DFH-BLR',
      contactName: 'Priya Nair',
      contactPhone: '+91 98765 43210',
      contactEmail: null,
      addressLine1: '12 MG Road',
      pincode: '560001',
    },
    {
      vendorId: vendorIds.kaveri,
      name: 'Kaveri Handlooms godown',
      code: 'KVH-MAA',
      contactName: 'S. Meenakshi',
      contactPhone: '+91 98123 45678',
      contactEmail: null,
      addressLine1: '4 Anna Salai',
      pincode: '600002',
    },
  ];
  for (const { pincode, ...w } of rows) {
    const place = await placeOf(tx, pincode);
    await tx.insert(warehouses).values({ ...w, stateId: place.stateId, cityId: place.cityId, pincodeId: place.pincodeId, createdAt: at, updatedAt: at });
  }
};
