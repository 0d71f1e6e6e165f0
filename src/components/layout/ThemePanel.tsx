/**
 * The theme settings panel (spec §2), sliding in from the right, titled Settings.
 * Every choice applies at once and is kept in the `theme` cookie (src/lib/stores/theme.ts).
 * Card Style, Menu Theme and Menu Type only show when the panel is not in simple mode and
 * the location is the app.
 */
import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { $theme, setCardStyle, setDarkTheme, setMenuMode, setMenuTheme, setPreset, setPrimary, setSurface } from '@/lib/stores/theme.ts';
import { CARD_STYLES, MENU_MODES, MENU_THEMES, PRESETS, PRIMARY_COLORS, SURFACE_COLORS, effectiveSurface } from '@/lib/theme/theme-options.ts';

export interface ThemePanelProps {
  open: boolean;
  onClose: () => void;
  simple?: boolean;
  location?: 'app' | 'landing';
}

const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="mb-6">
      <legend className="mb-2 text-sm font-semibold text-surface-700 dark:text-surface-200">{label}</legend>
      {children}
    </fieldset>
  );
}

function Swatches<T extends string>({
  name,
  values,
  value,
  onChange,
  kind,
}: {
  name: string;
  values: readonly T[];
  value: T;
  onChange: (v: T) => void;
  kind: 'primary' | 'surface';
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {values.map((v) => (
        <label key={v} className="relative cursor-pointer" title={title(v)}>
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="peer sr-only" />
          <span
            aria-hidden="true"
            className={`swatch-${kind}-${v} block size-6 rounded-full border border-surface-300 ring-offset-2 ring-offset-surface-0 peer-checked:ring-2 peer-checked:ring-surface-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-primary dark:border-surface-600 dark:ring-offset-surface-900 dark:peer-checked:ring-surface-0`}
          />
          <span className="sr-only">{title(v)}</span>
        </label>
      ))}
    </div>
  );
}

function Segmented<T extends string>({
  name,
  values,
  value,
  onChange,
  columns,
}: {
  name: string;
  values: readonly T[];
  value: T;
  onChange: (v: T) => void;
  columns?: number;
}) {
  return (
    <div className={`grid gap-1 rounded-lg bg-surface-100 p-1 dark:bg-surface-800 ${columns === 2 ? 'grid-cols-2' : 'grid-cols-3'}`}>
      {values.map((v) => (
        <label key={v} className="cursor-pointer">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="peer sr-only" />
          <span className="block rounded-md px-2 py-1.5 text-center text-sm text-surface-600 peer-checked:bg-surface-0 peer-checked:font-medium peer-checked:text-surface-900 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-primary dark:text-surface-300 dark:peer-checked:bg-surface-950 dark:peer-checked:text-surface-0">
            {title(v)}
          </span>
        </label>
      ))}
    </div>
  );
}

export default function ThemePanel({ open, onClose, simple = false, location = 'app' }: ThemePanelProps) {
  const t = useStore($theme);
  const id = useId();
  const full = !simple && location === 'app';
  // Spec §2: only dark and primary while the dark scheme is on.
  const menuThemes = t.darkTheme ? MENU_THEMES.filter((m) => m !== 'light') : MENU_THEMES;
  return (
    <Dialog open={open} onClose={onClose} title="Settings" position="right">
      <Section label="Primary">
        <Swatches name={`${id}-primary`} kind="primary" values={PRIMARY_COLORS} value={t.primary} onChange={setPrimary} />
      </Section>
      <Section label="Surface">
        <Swatches name={`${id}-surface`} kind="surface" values={SURFACE_COLORS} value={effectiveSurface(t)} onChange={setSurface} />
      </Section>
      <Section label="Presets">
        <Segmented name={`${id}-preset`} values={PRESETS} value={t.preset} onChange={setPreset} />
      </Section>
      <Section label="Color Scheme">
        <Segmented
          name={`${id}-scheme`}
          values={['light', 'dark'] as const}
          value={t.darkTheme ? 'dark' : 'light'}
          onChange={(v) => setDarkTheme(v === 'dark')}
          columns={2}
        />
      </Section>
      {full && (
        <>
          <Section label="Card Style">
            <Segmented name={`${id}-card`} values={CARD_STYLES} value={t.cardStyle} onChange={setCardStyle} columns={2} />
          </Section>
          <Section label="Menu Theme">
            <Segmented name={`${id}-menu-theme`} values={menuThemes} value={t.menuTheme} onChange={setMenuTheme} columns={menuThemes.length === 2 ? 2 : 3} />
          </Section>
          <Section label="Menu Type">
            <div className="grid grid-cols-2 gap-2">
              {MENU_MODES.map((m) => (
                <label key={m} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-menu-mode`}
                    value={m}
                    checked={t.menuMode === m}
                    onChange={() => setMenuMode(m)}
                    className="size-4 accent-[var(--primary-color)]"
                  />
                  {title(m)}
                </label>
              ))}
            </div>
          </Section>
        </>
      )}
    </Dialog>
  );
}
