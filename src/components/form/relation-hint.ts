import type { AreaField } from '@/lib/areas/area.ts';

/** The line under a relation picker: its own hint, or, while the field it depends on is empty, which to choose first. */
export function relationHint(field: AreaField, parentLabel: string | undefined, waitingForParent: boolean): string | undefined {
  return waitingForParent ? `Choose the ${(parentLabel ?? field.relation!.dependsOn!.field).toLowerCase()} first.` : field.hint;
}
