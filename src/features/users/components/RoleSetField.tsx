/**
 * The users form's roles: a checkbox per role (a multi-select that works by keyboard and on a
 * phone without a popup). The roles come from GET /api/users/roles; the value travels as JSON
 * text ("[1,3]") and the area's schema checks it (`roleIds` in ../user.area.ts).
 */
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { errorTextClass, hintClass, labelClass } from '@/components/ui/styles.ts';
import type { CustomFieldProps } from '@/components/form/custom-field.ts';

interface RoleOption {
  value: number;
  label: string;
}

function read(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed.map(Number).filter((n) => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export default function RoleSetField({ field, id, value, onChange, errors, disabled }: CustomFieldProps) {
  const [roles, setRoles] = useState<RoleOption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const chosen = read(value);
  useEffect(() => {
    let live = true;
    api
      .get<{ data: RoleOption[] }>('/api/users/roles')
      .then(({ data }) => live && setRoles(data))
      .catch((e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : 'The roles could not be loaded.'));
    return () => {
      live = false;
    };
  }, []);
  const error = errors[field.name]?.[0];
  const toggle = (roleId: number, on: boolean) => {
    const next = on ? [...new Set([...chosen, roleId])] : chosen.filter((r) => r !== roleId);
    onChange(JSON.stringify(next.sort((a, b) => a - b)));
  };
  return (
    <fieldset id={id} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className={labelClass}>{field.label}</legend>
      {field.hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {field.hint}
        </p>
      )}
      {loadError && <p className={errorTextClass}>{loadError}</p>}
      {!roles && !loadError && <p className={hintClass}>Loading roles…</p>}
      {roles && (
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {roles.map((role) => (
            <li key={role.value}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 rounded border-surface-300"
                  checked={chosen.includes(role.value)}
                  disabled={disabled}
                  onChange={(e) => toggle(role.value, e.currentTarget.checked)}
                />
                {role.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
