/** Tags on the server: the table behind the declaration. */
import { productTags } from '@/features/products/product.tables.ts';
import { countUses, describeUses, recordStamps, slugValue, uniqueNameAndSlug } from '@/lib/areas/resource-helpers.server.ts';
import { tags } from './tag.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { tagArea } from './tag.area.ts';

export const tagResource = defineResource({
  area: tagArea,
  table: tags,
  tableName: 'tags',
  searchColumns: [tags.name, tags.slug],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input, existing) => ({
    name: input.name,
    slug: slugValue(input.slug, input.name, existing),
    status: input.status,
  }),
  unique: uniqueNameAndSlug(tags.name, tags.slug, 'tag'),
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, productTags, productTags.tagId, ids), one: 'product', many: 'products', verb: 'is on' }]),
});
