/**
 * What the form kit gives an area's own input (`input: 'custom'`): the component lives in the
 * area's feature, the app's registry names it (src/app/areas/field-components.ts), and the form
 * renders it like any field. The value is text, as the form sends it (JSON text for structured
 * values); the area's schema checks it.
 */
import type { ComponentType } from 'react';
import type { AreaField } from '@/lib/areas/area.ts';

export interface CustomFieldProps {
  /** The declaration; `field.custom.options` are the component's own. */
  field: AreaField;
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's errors about this field and its parts (`grid`, `grid.values.2.0`). */
  errors: Record<string, string[]>;
  /** Every field's current value (an input may follow another, as a grid shows the unit). */
  values: Readonly<Record<string, string>>;
  required?: boolean;
  disabled?: boolean;
}

/** Component name → component (lazily loaded by whoever builds the map). */
export type FieldComponents = Readonly<Record<string, ComponentType<CustomFieldProps>>>;
