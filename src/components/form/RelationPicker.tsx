/**
 * A form's picker of another area's record (a city's state): the combobox and its data fetching
 * (TanStack Query) are in RelationCombobox.tsx, loaded once the form is live, so only pages with
 * a relation field carry that code (the page budget, decision 010). Until then the field shows
 * its current choice, read-only, where the combobox will be.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RelationFieldProps } from './RelationCombobox.tsx';
import { hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';

export type { RelationFieldProps } from './RelationCombobox.tsx';

const RelationCombobox = lazy(() => import('./RelationCombobox.tsx'));

export function RelationField(props: RelationFieldProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const { field, id, value, initialLabel, required } = props;
  const waiting = (
    <div className={field.wide ? 'md:col-span-2' : ''}>
      <label htmlFor={id} className={labelClass}>
        {field.label}
        {required && (
          <span className="text-red-600 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={false}
        aria-busy="true"
        readOnly
        className={`${inputClass} mt-1`}
        value={value ? (initialLabel ?? '') : (field.relation?.optional && field.relation.noneLabel) || ''}
      />
      {field.hint && <p className={hintClass}>{field.hint}</p>}
    </div>
  );
  // Drawn once the form is live, not on the server: see the markdown and grid fields in AreaForm.
  return ready ? (
    <Suspense fallback={waiting}>
      <RelationCombobox {...props} />
    </Suspense>
  ) : (
    waiting
  );
}
