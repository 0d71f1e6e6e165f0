import type { AreaField } from '@/lib/areas/area.ts';

/** Said under an address's pincode (AreaField.addressPincode) unless the declaration has its own hint. */
export const PINCODE_FILLS_HINT = 'Typing the pincode fills the state and city.';

/** An address's pincode picker is offered before its city: the city only narrows it. */
export const waitsForParent = (field: AreaField, parentValue: string | undefined) =>
  Boolean(field.relation?.dependsOn) && !parentValue && !field.addressPincode;

/** The line under a relation picker: its own hint, or, while the field it depends on is empty, which to choose first. */
export function relationHint(field: AreaField, parentLabel: string | undefined, waitingForParent: boolean): string | undefined {
  if (waitingForParent) return `Choose the ${(parentLabel ?? field.relation!.dependsOn!.field).toLowerCase()} first.`;
  return field.hint ?? (field.addressPincode ? PINCODE_FILLS_HINT : undefined);
}
