/**
 * Several records of another area, picked by name (`input: 'custom'`, component `relation-set`,
 * options `{ area }`): the column filters' searchable checklist (RelationChecklist) in a form. The
 * value travels as JSON text ("[3,8]"); the area's schema checks it, the server checks the ids.
 */
import { errorTextClass, hintClass, labelClass } from '@/components/ui/styles.ts';
import type { CustomFieldProps } from './custom-field.ts';
import { RelationChecklist } from './RelationCombobox.tsx';

function read(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed.map(Number).filter((n) => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export default function RelationSetField({ field, id, value, onChange, errors }: CustomFieldProps) {
  const area = (field.custom?.options as { area?: string } | undefined)?.area ?? '';
  const chosen = read(value);
  const error = errors[field.name]?.[0];
  return (
    <div className={`text-sm ${field.wide ? 'md:col-span-2' : ''}`} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <p className={labelClass}>{field.label}</p>
      <p id={`${id}-hint`} className={hintClass}>
        {field.hint ? `${field.hint} ` : ''}
        {chosen.length ? `${chosen.length} chosen.` : 'None chosen.'}
      </p>
      <RelationChecklist
        area={area}
        label={field.label}
        picked={chosen}
        id={id}
        onChange={(ids) => onChange(JSON.stringify([...new Set(ids)].sort((a, b) => a - b)))}
      />
      {error && (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      )}
    </div>
  );
}
