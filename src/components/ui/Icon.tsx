import { iconHref } from './icon-sprite.ts';

/** A Lucide icon in an island, drawn from the cached sprite. Pass one of the exports of ./icons.ts (a symbol's id). */
export function Icon({ svg, className = 'size-5' }: { svg: string; className?: string }) {
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={iconHref(svg)} />
    </svg>
  );
}
