/**
 * The areas' own form inputs (`input: 'custom'`, `custom.component`), by name: the form kit
 * renders them without knowing the features, and each is loaded only by a form that has one, so
 * other pages' JavaScript doesn't grow. An area adding an input adds one line here.
 */
import { lazy } from 'react';
import type { FieldComponents } from '@/components/form/custom-field.ts';

export const FIELD_COMPONENTS: FieldComponents = {
  // The kit's own: rows in an order the person sets (a matrix group's values); a set of another
  // area's records picked by name (a product's tags, a promotion's categories, a user's roles).
  'ordered-rows': lazy(() => import('@/components/form/OrderedRowsField.tsx')),
  'relation-set': lazy(() => import('@/components/form/RelationSetField.tsx')),
  'matrix-values': lazy(() => import('@/features/product-matrices/components/MatrixValuesField.tsx')),
  'number-grid': lazy(() => import('@/features/size-charts/components/GridField.tsx')),
  'pincode-set': lazy(() => import('@/features/delivery-zones/components/PincodeSetField.tsx')),
};
