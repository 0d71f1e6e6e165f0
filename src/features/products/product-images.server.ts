/**
 * Product images: add (the photo pipeline, src/lib/uploads/images.server.ts), reorder, alt text,
 * tie to an option value, delete. Every change locks the product row (the ten-image limit holds
 * under concurrent uploads), bumps its version and writes the activity log in one transaction.
 * Files are written before the transaction and removed if it fails; a deleted image's files are
 * removed after its row is gone, so a row never points at missing files.
 */
import { sendContentChangeToReview } from './product-review.service.server.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import { logActivity } from '@/lib/activity/activity.server.ts';
import { conflict, invalid, notFound } from '@/lib/http/errors.ts';
import { deleteImageCopies, newImagePath, processPhoto, writeImageCopies, type ProcessedImage } from '@/lib/uploads/images.server.ts';
import { productImages, productOptions, products } from './product.tables.ts';
import { productFor, type ProductRow } from './product-access.server.ts';
import { productMatrixGroups, productMatrixValues } from '@/features/product-matrices/product-matrix.tables.ts';
import { MAX_PRODUCT_IMAGES, productThumbnailPath, tooManyImagesMessage, type ImageOptionValue, type ProductImageJson } from './product-images.ts';
import type { ProductImagesPatch } from './product-images.schema.ts';

type ImageRow = typeof productImages.$inferSelect;

export function imageJson(row: ImageRow): ProductImageJson {
  return {
    id: row.id,
    position: row.position,
    alt: row.alt,
    option_value_id: row.optionValueId,
    path: row.path,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    thumbnail_url: productThumbnailPath(row.path),
  };
}

const imagesOf = (db: Db | Tx, productId: number) =>
  db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));

/** The images, in order (and the product's version, for the next PATCH). */
export async function listProductImages(db: Db, principal: Principal, productId: number) {
  const product = await productFor(db, principal, productId);
  return { product, images: (await imagesOf(db, productId)).map(imageJson) };
}

/** The option values an image may be tied to: those the product uses, "Colour: Red". */
export async function imageOptionValues(db: Db | Tx, productId: number): Promise<ImageOptionValue[]> {
  const rows = await db
    .select({ id: productMatrixValues.id, group: productMatrixGroups.name, value: productMatrixValues.value })
    .from(productOptions)
    .innerJoin(productMatrixGroups, eq(productMatrixGroups.id, productOptions.groupId))
    .innerJoin(productMatrixValues, sql`${productMatrixValues.id} = any(${productOptions.valueIds})`)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position), asc(productMatrixValues.position), asc(productMatrixValues.id));
  return rows.map((r) => ({ id: r.id, label: `${r.group}: ${r.value}` }));
}

async function bumpVersion(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning({ version: products.version });
  return row!.version;
}

/**
 * A vendor's change to a live product's images sends it back to review when the store asks for
 * it ("Review product changes"): the images' paths in order are the content compared.
 */
async function reviewImageChange(tx: Tx, actor: Actor, principal: Principal, product: ProductRow, before: ImageRow[], after: ImageRow[]) {
  const [row] = await tx.select({ status: products.status }).from(products).where(eq(products.id, product.id));
  const paths = (rows: ImageRow[]) => [...rows].sort((a, b) => a.position - b.position || a.id - b.id).map((r) => r.path);
  await sendContentChangeToReview(
    tx,
    actor,
    principal,
    product.id,
    { status: row!.status, name: product.name, images: paths(before) },
    { status: row!.status, images: paths(after) },
  );
}

/** What the activity log keeps of the images: their order, alt text and option value. */
const summary = (rows: ImageRow[]) => rows.map((r) => ({ id: r.id, alt: r.alt, option_value_id: r.optionValueId }));

/**
 * Adds photos after the product's images. All are checked and resized before anything is
 * written: one bad file refuses the whole upload (422 naming the file), nothing half-added.
 */
export async function addProductImages(db: Db, actor: Actor, principal: Principal, productId: number, files: File[]) {
  if (files.length === 0) throw invalid({ images: ['Choose at least one image to upload.'] });
  // A first check before the (slow) resizing; the transaction checks again under the row lock.
  const product = await productFor(db, principal, productId);
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(productImages)
    .where(eq(productImages.productId, product.id));
  if (count + files.length > MAX_PRODUCT_IMAGES) throw invalid({ images: [tooManyImagesMessage(count)] });

  const processed: { path: string; image: ProcessedImage; name: string }[] = [];
  for (const [i, file] of files.entries()) {
    const field = files.length === 1 ? 'images' : `images.${i}`;
    try {
      processed.push({ path: newImagePath(`products/${product.id}`), image: await processPhoto(field, file), name: file.name });
    } catch (error) {
      // Name the file: with several, the person needs to know which one to replace.
      const e = error as { status?: number; errors?: Record<string, string[]> };
      if (e.status === 422 && e.errors?.[field] && file.name) throw invalid({ [field]: e.errors[field]!.map((m) => `${file.name}: ${m}`) });
      throw error;
    }
  }
  const written: string[] = [];
  try {
    for (const p of processed) {
      await writeImageCopies(p.path, p.image);
      written.push(p.path);
    }
    return await db.transaction(async (tx) => {
      const locked = await productFor(tx, principal, productId, { action: 'update', lock: true });
      const before = await imagesOf(tx, locked.id);
      if (before.length + processed.length > MAX_PRODUCT_IMAGES) throw invalid({ images: [tooManyImagesMessage(before.length)] });
      const start = before.reduce((max, r) => Math.max(max, r.position), -1) + 1;
      const added = await tx
        .insert(productImages)
        .values(
          processed.map((p, i) => ({
            productId: locked.id,
            position: start + i,
            path: p.path,
            width: p.image.width,
            height: p.image.height,
            bytes: p.image.bytes,
          })),
        )
        .returning();
      const version = await bumpVersion(tx, locked.id);
      await logActivity(tx, actor, {
        area: 'products',
        action: 'images-added',
        recordId: locked.id,
        recordName: locked.name,
        changes: { images: [summary(before), summary([...before, ...added])] },
      });
      await reviewImageChange(tx, actor, principal, locked, before, [...before, ...added]);
      return { version, images: [...before, ...added].map(imageJson), added: added.map(imageJson) };
    });
  } catch (error) {
    await Promise.all(written.map(deleteImageCopies));
    throw error;
  }
}

/** Reorders images and sets their alt text and option value, all or nothing. */
export async function updateProductImages(db: Db, actor: Actor, principal: Principal, productId: number, input: ProductImagesPatch) {
  return db.transaction(async (tx) => {
    const product = await productFor(tx, principal, productId, { action: 'update', lock: true });
    if (input.version !== undefined && input.version !== product.version) {
      throw conflict('Someone changed this product after you opened it. Reload the page to see the images as they are now.');
    }
    const before = await imagesOf(tx, product.id);
    const byId = new Map(before.map((r) => [r.id, r]));
    const errors: Record<string, string[]> = {};

    if (input.order) {
      const unique = new Set(input.order);
      if (unique.size !== input.order.length || input.order.length !== before.length || !input.order.every((id) => byId.has(id))) {
        errors.order = ['List every image of this product once, in the new order. Reload the page if images were added or deleted meanwhile.'];
      }
    }
    const allowedValues = new Set((await imageOptionValues(tx, product.id)).map((v) => v.id));
    for (const [i, change] of (input.images ?? []).entries()) {
      if (!byId.has(change.id)) errors[`images.${i}.id`] = ['This is not an image of this product.'];
      if (change.option_value_id != null && !allowedValues.has(change.option_value_id)) {
        errors[`images.${i}.option_value_id`] = ["Choose a value of one of this product's options, or none."];
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);

    const next = new Map(before.map((r) => [r.id, { ...r }]));
    if (input.order) input.order.forEach((id, position) => (next.get(id)!.position = position));
    for (const change of input.images ?? []) {
      const row = next.get(change.id)!;
      if (change.alt !== undefined) row.alt = change.alt;
      if (change.option_value_id !== undefined) row.optionValueId = change.option_value_id;
    }
    const changed = [...next.values()].filter((r) => {
      const old = byId.get(r.id)!;
      return old.position !== r.position || old.alt !== r.alt || old.optionValueId !== r.optionValueId;
    });
    for (const r of changed) {
      await tx.update(productImages).set({ position: r.position, alt: r.alt, optionValueId: r.optionValueId }).where(eq(productImages.id, r.id));
    }
    const after = [...next.values()].sort((a, b) => a.position - b.position || a.id - b.id);
    let version = product.version;
    if (changed.length) {
      version = await bumpVersion(tx, product.id);
      await logActivity(tx, actor, {
        area: 'products',
        action: 'images-updated',
        recordId: product.id,
        recordName: product.name,
        changes: { images: [summary(before), summary(after)] },
      });
      await reviewImageChange(tx, actor, principal, product, before, after);
    }
    return { version, images: after.map(imageJson) };
  });
}

/** Deletes one image (its row, then its files) and closes the gap in the order. */
export async function deleteProductImage(db: Db, actor: Actor, principal: Principal, productId: number, imageId: number) {
  const result = await db.transaction(async (tx) => {
    const product = await productFor(tx, principal, productId, { action: 'update', lock: true });
    const before = await imagesOf(tx, product.id);
    const image = before.find((r) => r.id === imageId);
    if (!image) throw notFound('Image not found.');
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    const after = before.filter((r) => r.id !== image.id).map((r, position) => ({ ...r, position }));
    const moved = after.filter((r) => before.find((b) => b.id === r.id)!.position !== r.position);
    for (const r of moved) await tx.update(productImages).set({ position: r.position }).where(eq(productImages.id, r.id));
    const version = await bumpVersion(tx, product.id);
    await logActivity(tx, actor, {
      area: 'products',
      action: 'image-deleted',
      recordId: product.id,
      recordName: product.name,
      changes: { images: [summary(before), summary(after)] },
    });
    await reviewImageChange(tx, actor, principal, product, before, after);
    return { version, images: after.map(imageJson), path: image.path };
  });
  await deleteImageCopies(result.path);
  return { version: result.version, images: result.images };
}
