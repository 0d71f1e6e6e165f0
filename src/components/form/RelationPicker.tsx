/**
 * A form's picker of another area's record (a city's state). The combobox and its data fetching
 * (TanStack Query, ~13 KiB gzip) are in RelationCombobox.tsx, loaded when the person first reaches
 * for the field (focus, touch, hover), as the form's zod schema is: a form page's first load stays
 * small on a phone (the page budget, decision 010). Until then the field is a plain input showing
 * the current choice; what is typed meanwhile becomes the combobox's search, and the focus moves
 * over with it. A value whose label the page doesn't know loads the combobox at once to ask for it.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { RelationFieldProps } from './RelationCombobox.tsx';
import { relationHint, waitsForParent } from './relation-hint.ts';
import { AddressNote } from './AddressNote.tsx';
import { hintClass, inputClass } from '@/components/ui/styles.ts';
import { FieldLabel } from '@/components/ui/fields.tsx';

export type { RelationFieldProps } from './RelationCombobox.tsx';

type Combobox = ComponentType<RelationFieldProps>;
let loaded: Combobox | undefined;
let loading: Promise<Combobox> | undefined;
function loadCombobox(): Promise<Combobox> {
  loading ??= import('./RelationCombobox.tsx').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined; // a failed download is tried again at the next touch
      throw error;
    },
  );
  return loading;
}

export function RelationField(props: RelationFieldProps) {
  const [Combobox, setCombobox] = useState<Combobox | undefined>(() => loaded);
  const [typed, setTyped] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const hadFocus = useRef(false);
  const selection = useRef<[number, number] | undefined>(undefined);
  const { field, id, value, initialLabel, parentValue, required, disabled } = props;
  const waitingForParent = waitsForParent(field, parentValue);
  const hint = relationHint(field, props.parentLabel, waitingForParent);
  const shownChoice = value ? (initialLabel ?? '') : (field.relation?.optional && field.relation.noneLabel) || '';
  const load = () => {
    if (!Combobox)
      void loadCombobox().then(
        (component) => {
          // The combobox's input takes this one's place, and the focus moves with it. Text the person
          // typed keeps its selection; the shown choice is selected whole, so typing replaces it
          // (whether the keys arrive just before or just after the swap).
          const el = input.current;
          if (!el || !hadFocus.current) selection.current = undefined;
          else if (el.value !== shownChoice) selection.current = [el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length];
          else selection.current = [0, el.value.length];
          setCombobox(() => component);
        },
        () => undefined,
      );
  };
  useEffect(() => {
    if (value && initialLabel === undefined) load();
  }, [value, initialLabel]);

  if (Combobox) return <Combobox {...props} initialQuery={typed} autoFocus={hadFocus.current} initialSelection={selection.current} />;
  return (
    <div className={field.wide ? 'md:col-span-2' : ''}>
      <FieldLabel htmlFor={id} label={field.label} required={required} />
      <input
        ref={input}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        autoComplete="off"
        disabled={disabled || waitingForParent}
        placeholder={waitingForParent ? '' : (field.placeholder ?? `Search ${field.label.toLowerCase()}…`)}
        className={`${inputClass} mt-1`}
        value={typed ?? shownChoice}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={() => {
          hadFocus.current = true;
          load();
        }}
        onBlur={() => (hadFocus.current = false)}
        onChange={(e) => {
          setTyped(e.target.value);
          props.onQuery?.(e.target.value);
          load();
        }}
      />
      {hint && <p className={hintClass}>{hint}</p>}
      {field.addressPincode && <AddressNote text={props.note} />}
    </div>
  );
}
