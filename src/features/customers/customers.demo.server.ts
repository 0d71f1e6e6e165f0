/**
 * Demo customers: 300 shoppers with Indian names, +91 mobiles and one or two addresses each on
 * real pincodes of the demo geography (its state and city are the pincode's). Deterministic: a
 * seeded PRNG (mulberry32), fixed lists and dates counted back from the demo date, so every fresh
 * database holds the same customers (customer 1 is Aarav Sharma).
 */
import { asc } from 'drizzle-orm';
import { pincodes } from '../geography/geography.tables.ts';
import { customerAddresses, customers } from './customer.tables.ts';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';

export const DEMO_CUSTOMERS = 300;

/** mulberry32: a small, fast PRNG; the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Aarav',
  'Priya',
  'Vivaan',
  'Ananya',
  'Aditya',
  'Diya',
  'Arjun',
  'Ishita',
  'Sai',
  'Kavya',
  'Rohan',
  'Meera',
  'Karthik',
  'Lakshmi',
  'Rahul',
  'Sneha',
  'Vikram',
  'Pooja',
  'Imran',
  'Fatima',
  'Harpreet',
  'Gurpreet',
  'Anil',
  'Sunita',
  'Deepak',
  'Neha',
  'Suresh',
  'Divya',
  'Manoj',
  'Anjali',
  'Joseph',
  'Mary',
  'Abhishek',
  'Ritu',
  'Nikhil',
  'Swati',
  'Farhan',
  'Zoya',
  'Tenzin',
  'Lalremruati',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Reddy',
  'Nair',
  'Patel',
  'Gupta',
  'Singh',
  'Das',
  'Mukherjee',
  'Khan',
  'Menon',
  'Rao',
  'Joshi',
  'Kulkarni',
  'Chatterjee',
  'Pillai',
  'Verma',
  'Banerjee',
  'Shetty',
  'Desai',
  'Mehta',
  'Bhat',
  'Fernandes',
  'Ahmed',
  'Kaur',
  'Gill',
  'Naidu',
  'Hegde',
  'Thomas',
  'Sinha',
];
const DOMAINS = ['example.com', 'example.in', 'mail.example.org'];
const STREETS = [
  'MG Road',
  'Station Road',
  'Gandhi Nagar',
  'Nehru Street',
  'Temple Road',
  'Market Road',
  'Lake View Road',
  'Church Street',
  'Main Bazaar',
  'Park Avenue',
];
const AREAS = ['near the bus stand', 'opposite the post office', '2nd cross', 'behind the temple', 'Sector 4', 'Phase 2', ''];
const BLOCK_REASONS = ['Repeated cash-on-delivery refusals', 'Chargeback fraud reported by the payment gateway', 'Abusive messages to delivery staff'];
const DAY = 24 * 60 * 60 * 1000;

export const seedCustomers: DemoSeed = async (tx, { at }) => {
  const rnd = seededRandom(14_2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  // The demo geography's pincodes in a fixed order; each address takes one with its city and state.
  const places = await tx
    .select({ pincode: pincodes.pincode, cityId: pincodes.cityId, stateId: pincodes.stateId })
    .from(pincodes)
    .orderBy(asc(pincodes.pincode));
  if (!places.length) throw new Error('Demo customers need the geography (pincodes) first');

  const phones = new Set<string>();
  const rows: (typeof customers.$inferInsert)[] = [];
  for (let i = 0; i < DEMO_CUSTOMERS; i++) {
    const first = i === 0 ? 'Aarav' : pick(FIRST);
    const last = i === 0 ? 'Sharma' : pick(LAST);
    let phone: string;
    do phone = `+91${6 + Math.floor(rnd() * 4)}${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`;
    while (phones.has(phone));
    phones.add(phone);
    const created = new Date(at.getTime() - Math.floor(rnd() * 540) * DAY - Math.floor(rnd() * DAY));
    const blocked = i > 0 && rnd() < 0.03;
    rows.push({
      name: `${first} ${last}`,
      email: `${first}.${last}${i + 1}@${pick(DOMAINS)}`.toLowerCase(),
      phone,
      marketingConsent: rnd() < 0.6,
      status: blocked ? 'blocked' : 'active',
      blockedReason: blocked ? pick(BLOCK_REASONS) : null,
      blockedAt: blocked ? new Date(created.getTime() + 30 * DAY) : null,
      createdAt: created,
      updatedAt: blocked ? new Date(created.getTime() + 30 * DAY) : created,
    });
  }
  const inserted = await tx.insert(customers).values(rows).returning({ id: customers.id, createdAt: customers.createdAt });

  const addresses: (typeof customerAddresses.$inferInsert)[] = [];
  for (const c of inserted) {
    const count = rnd() < 0.3 ? 2 : 1;
    for (let n = 0; n < count; n++) {
      const place = pick(places);
      const area = pick(AREAS);
      addresses.push({
        customerId: c.id,
        label: n === 0 ? 'Home' : 'Office',
        line1: `${1 + Math.floor(rnd() * 300)}, ${pick(STREETS)}`,
        line2: area || null,
        pincode: place.pincode,
        cityId: place.cityId,
        stateId: place.stateId,
        isDefault: n === 0,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      });
    }
  }
  for (let i = 0; i < addresses.length; i += 500) await tx.insert(customerAddresses).values(addresses.slice(i, i + 500));
};
