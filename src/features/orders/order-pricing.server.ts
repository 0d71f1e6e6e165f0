/**
 * What placing an order reads before it writes (docs/orders.md "Placing"): the customer found or
 * created, an address with its city and state from the pincode table, the delivery partners
 * serving a pincode, and the variants on sale with their tax slab.
 * The transaction that uses them (reserving stock) is src/app/orders/order-placing.server.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';
import { conflict, forbidden, invalid } from '../../lib/http/errors.ts';
import { vendors } from '../../lib/db/schema.ts';
import { stateForGstCode } from '../../lib/india/states.ts';
import { customers } from '../customers/customer.tables.ts';
import { products, productVariants } from '../products/product.tables.ts';
import { taxes } from '../taxes/tax.tables.ts';
import { cities, pincodeIs, pincodes, states } from '../geography/geography.tables.ts';
import { deliveryZones, deliveryZonePincodes } from '../delivery-zones/delivery-zone.tables.ts';
import { deliveryPartners } from '../delivery-partners/delivery-partner.tables.ts';
import type { AddressSnapshot } from './orders.tables.ts';
import type { AddressInput, CustomerInput } from './order.schema.ts';

/** Finds the customer by email (ignoring case) or phone, or creates them; name and phone follow the latest order. */
export async function upsertCustomer(tx: DbOrTx, input: CustomerInput, again = 0): Promise<{ id: number; created: boolean }> {
  const [byEmail] = await tx
    .select({ id: customers.id, phone: customers.phone, status: customers.status, name: customers.name })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${input.email})`)
    .limit(1);
  const [byPhone] = await tx.select({ id: customers.id, email: customers.email }).from(customers).where(eq(customers.phone, input.phone)).limit(1);
  if (byPhone && (!byEmail || byPhone.id !== byEmail.id)) {
    throw conflict('That phone number belongs to another customer (a different email address).', { 'customer.phone': ['Used by another customer.'] });
  }
  if (byEmail) {
    if (byEmail.status === 'blocked') throw forbidden('This customer is blocked from ordering. Contact the store.');
    if (byEmail.phone !== input.phone || byEmail.name !== input.name) {
      await tx
        .update(customers)
        .set({ name: input.name, phone: input.phone, updatedAt: new Date(), version: sql`${customers.version} + 1` })
        .where(eq(customers.id, byEmail.id));
    }
    return { id: byEmail.id, created: false };
  }
  // Two first orders of one new customer at once: the second insert waits for the first and then
  // does nothing (no unique violation to abort its transaction), and the customer is read again.
  const [row] = await tx
    .insert(customers)
    .values({ name: input.name, email: input.email, phone: input.phone })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (row) return { id: row.id, created: true };
  if (again > 0) throw conflict('This customer was changed by another request. Try again.');
  return upsertCustomer(tx, input, again + 1);
}

/** A typed address with its city and state from the pincode table; an unknown pincode is a 422 on `field`. */
export async function resolveAddress(
  tx: DbOrTx,
  input: AddressInput,
  field: string,
): Promise<{ snapshot: AddressSnapshot; pincodeId: number; stateId: number }> {
  const [place] = await tx
    .select({
      pincodeId: pincodes.id,
      city: cities.name,
      stateId: states.id,
      state: states.name,
      stateCode: states.code,
      gstStateCode: states.gstStateCode,
    })
    .from(pincodes)
    .innerJoin(cities, eq(cities.id, pincodes.cityId))
    .innerJoin(states, eq(states.id, pincodes.stateId))
    .where(pincodeIs(input.pincode))
    .limit(1);
  if (!place) throw invalid({ [`${field}.pincode`]: [`We don’t know pincode ${input.pincode}.`] });
  // A registered buyer's GSTIN is their registration in the billing address's state.
  const registeredIn = input.gstin ? stateForGstCode(input.gstin.slice(0, 2)) : undefined;
  if (registeredIn && !(registeredIn.gstCodes as readonly string[]).includes(place.gstStateCode)) {
    throw invalid({ [`${field}.gstin`]: [`This GSTIN is registered in ${registeredIn.name}; the billing address is in ${place.state}.`] });
  }
  return {
    pincodeId: place.pincodeId,
    stateId: place.stateId,
    snapshot: {
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      line2: input.line2 || null,
      city: place.city,
      state: place.state,
      state_code: place.stateCode,
      gst_state_code: place.gstStateCode,
      pincode: input.pincode,
      ...(input.gstin ? { gstin: input.gstin } : {}),
    },
  };
}

/** Active delivery partners with an active zone covering the pincode (COD: only partners that collect cash). */
export async function partnersServing(tx: DbOrTx, pincodeId: number, cod: boolean) {
  return tx
    .selectDistinct({
      id: deliveryPartners.id,
      name: deliveryPartners.name,
      trackingUrlTemplate: deliveryPartners.trackingUrlTemplate,
      codSupported: deliveryPartners.codSupported,
    })
    .from(deliveryZonePincodes)
    .innerJoin(pincodes, eq(pincodes.id, deliveryZonePincodes.pincodeId))
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZonePincodes.zoneId))
    .innerJoin(deliveryPartners, eq(deliveryPartners.id, deliveryZones.deliveryPartnerId))
    .where(
      and(
        eq(deliveryZonePincodes.pincodeId, pincodeId),
        eq(pincodes.isServiceable, true),
        eq(deliveryZones.status, 'active'),
        eq(deliveryPartners.status, 'active'),
        cod ? eq(deliveryPartners.codSupported, true) : undefined,
      ),
    )
    .orderBy(asc(deliveryPartners.name));
}

/** A variant on sale: active variant of an active product of an active vendor, with its tax slab. */
export async function variantsOnSale(tx: DbOrTx, skus: string[]) {
  if (!skus.length) return [];
  return tx
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      vendorId: productVariants.vendorId,
      productId: products.id,
      categoryId: products.categoryId,
      subCategoryId: products.subCategoryId,
      productName: products.name,
      pricePaise: productVariants.pricePaise,
      optionValues: sql<
        string | null
      >`(select string_agg(v.value, ' / ' order by o.ord) from unnest("product_variants"."option_value_ids") with ordinality as o(id, ord) join product_matrix_values v on v.id = o.id)`,
      ratePercent: taxes.ratePercent,
      priceMode: taxes.priceMode,
      hsnCode: taxes.hsnCode,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(vendors, eq(vendors.id, productVariants.vendorId))
    .innerJoin(taxes, eq(taxes.id, products.taxId))
    .where(
      and(
        inArray(productVariants.sku, skus),
        eq(productVariants.status, 'active'),
        eq(products.status, 'active'),
        eq(vendors.status, 'active'),
        eq(taxes.status, 'active'),
      ),
    );
}
