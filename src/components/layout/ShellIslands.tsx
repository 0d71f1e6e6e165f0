/**
 * The app layout's one React island: the toaster, plus the settings panel, the global
 * search and the confirmation dialog, each loaded only when first opened so a page pays
 * for Headless UI and TanStack Query only if someone uses them. The vanilla shell script
 * opens them through the layout and confirm stores. The search's dialog and field are the page's own
 * (SearchBox.astro); its island only draws the results.
 */
import { lazy, Suspense, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $layout, closeSettings } from '@/lib/stores/layout.ts';
import { $confirm } from '@/lib/stores/confirm.ts';
import { Toaster } from '@/components/ui/Toaster.tsx';

const ThemePanel = lazy(() => import('./ThemePanel.tsx'));
const SearchDialog = lazy(() => import('./SearchDialog.tsx'));
const ConfirmHost = lazy(() => import('./ConfirmHost.tsx'));

/** True from the first time `value` is true: keeps a dialog mounted so it can animate out. */
function useOnceTrue(value: boolean): boolean {
  const seen = useRef(false);
  if (value) seen.current = true;
  return seen.current;
}

export default function ShellIslands() {
  const layout = useStore($layout);
  const confirm = useStore($confirm);
  const settingsUsed = useOnceTrue(layout.configSidebarVisible);
  const searchUsed = useOnceTrue(layout.searchVisible);
  const confirmUsed = useOnceTrue(confirm !== null);
  return (
    <>
      <Toaster />
      {settingsUsed && (
        <Suspense fallback={null}>
          <ThemePanel open={layout.configSidebarVisible} onClose={closeSettings} />
        </Suspense>
      )}
      {searchUsed && (
        <Suspense fallback={null}>
          <SearchDialog open={layout.searchVisible} />
        </Suspense>
      )}
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmHost />
        </Suspense>
      )}
    </>
  );
}
