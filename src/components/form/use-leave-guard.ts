/** An island form's leave question (leave-guard.ts): asks while `dirty`; `release()` before leaving on purpose. */
import { useEffect, useRef } from 'react';
import { guardLeaving, type LeaveGuard } from './leave-guard.ts';

export { LEAVE_QUESTION, leavingLink } from './leave-guard.ts';

export function useLeaveGuard(dirty: boolean): Pick<LeaveGuard, 'release'> {
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const guard = useRef<LeaveGuard | null>(null);
  useEffect(() => {
    guard.current = guardLeaving(() => dirtyNow.current);
    return () => guard.current?.dispose();
  }, []);
  return { release: () => guard.current?.release() };
}
