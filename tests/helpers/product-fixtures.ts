/**
 * Products for the add-flow tests, written straight into the database (the products API that
 * creates them is another part of issue 15): a draft product of Demo Fashion House shipping from
 * its two warehouses, another of its products holding SKU KUR-RED-M, a product of Kaveri
 * Handlooms, and option groups with values (named "Test …" so they never meet the demo's Size and
 * Colour).
 */
import type { TestServer } from './server.ts';

export interface ProductFixtures {
  fashionVendorId: number;
  kaveriVendorId: number;
  /** Demo Fashion House's warehouses: DFH-BLR and a second one made here. */
  warehouseIds: [number, number];
  kaveriWarehouseId: number;
  productId: number;
  /** A second draft of Demo Fashion House with no warehouses (for bad input). */
  bareProductId: number;
  kaveriProductId: number;
  groups: { size: number; colour: number; material: number; fit: number; inactive: number };
  values: { S: number; M: number; L: number; Red: number; Blue: number; Cotton: number; Slim: number; Old: number };
  /** A product matrix of Test Size: S and L. */
  matrixId: number;
}

export async function createProductFixtures(server: TestServer): Promise<ProductFixtures> {
  return server.withDatabase(async (query) => {
    const one = async (text: string, params: unknown[] = []) => Number((await query(text, params))[0]!.id);
    const fashionVendorId = await one(`select id from vendors where store_name = 'Demo Fashion House'`);
    const kaveriVendorId = await one(`select id from vendors where store_name = 'Kaveri Handlooms'`);
    const blr = await one(`select id from warehouses where code = 'DFH-BLR'`);
    const second = await one(
      `insert into warehouses (vendor_id, name, code, contact_name, contact_phone, address_line1, state_id, city_id, pincode_id)
       select vendor_id, 'Fashion House Annexe', 'DFH-ANX', contact_name, contact_phone, address_line1, state_id, city_id, pincode_id from warehouses where id = $1
       returning id`,
      [blr],
    );
    const kaveriWarehouseId = await one(`select id from warehouses where code = 'KVH-MAA'`);
    const product = (vendorId: number, name: string, slug: string) =>
      one(`insert into products (vendor_id, name, slug, status) values ($1, $2, $3, 'draft') returning id`, [vendorId, name, slug]);
    const productId = await product(fashionVendorId, 'Cotton Kurta, Test', 'cotton-kurta-test');
    const bareProductId = await product(fashionVendorId, 'Linen Shirt, Test', 'linen-shirt-test');
    const kaveriProductId = await product(kaveriVendorId, 'Kanchipuram Saree, Test', 'kanchipuram-saree-test');
    await query(`insert into product_warehouses (product_id, warehouse_id) values ($1, $2), ($1, $3)`, [productId, blr, second]);
    const indigo = await product(fashionVendorId, 'Cotton Kurta, Indigo', 'cotton-kurta-indigo-test');
    await query(`insert into product_variants (product_id, vendor_id, sku, mrp_paise, price_paise) values ($1, $2, 'KUR-RED-M', 149900, 129900)`, [
      indigo,
      fashionVendorId,
    ]);

    const group = (name: string, status = 'active') => one(`insert into product_matrix_groups (name, status) values ($1, $2) returning id`, [name, status]);
    const groups = {
      size: await group('Test Size'),
      colour: await group('Test Colour'),
      material: await group('Test Material'),
      fit: await group('Test Fit'),
      inactive: await group('Test Retired', 'inactive'),
    };
    const value = (groupId: number, text: string, position: number) =>
      one(`insert into product_matrix_values (group_id, value, position) values ($1, $2, $3) returning id`, [groupId, text, position]);
    const values = {
      S: await value(groups.size, 'S', 1),
      M: await value(groups.size, 'M', 2),
      L: await value(groups.size, 'L', 3),
      Red: await value(groups.colour, 'Red', 1),
      Blue: await value(groups.colour, 'Blue', 2),
      Cotton: await value(groups.material, 'Cotton', 1),
      Slim: await value(groups.fit, 'Slim', 1),
      Old: await value(groups.inactive, 'Old', 1),
    };
    const matrixId = await one(`insert into product_matrices (name, group_id) values ('Test small and large', $1) returning id`, [groups.size]);
    await query(`insert into product_matrix_items (matrix_id, value_id, position) values ($1, $2, 1), ($1, $3, 2)`, [matrixId, values.S, values.L]);
    return {
      fashionVendorId,
      kaveriVendorId,
      warehouseIds: [blr, second],
      kaveriWarehouseId,
      productId,
      bareProductId,
      kaveriProductId,
      groups,
      values,
      matrixId,
    };
  });
}
