/**
 * Mounts the shell's React root on first need (a toast, a confirmation, the settings panel
 * or the search). Pages whose content has no island of its own then never download React.
 */
import { createRoot } from 'react-dom/client';
import ShellIslands from './ShellIslands.tsx';

export function mountShellIslands(): void {
  const host = document.createElement('div');
  host.id = 'shell-islands';
  document.body.append(host);
  createRoot(host).render(<ShellIslands />);
}
