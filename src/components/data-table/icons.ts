/** Lucide icons only the table uses (symbols of ui/icons.svg, see ui/icons.ts): the ids to pass to Icon.tsx. */
export const iconArrowDown = 'arrow-down';
export const iconArrowUp = 'arrow-up';
export const iconArrowUpDown = 'arrow-up-down';
export const iconChevronLeft = 'chevron-left';
export const iconChevronsLeft = 'chevrons-left';
export const iconChevronsRight = 'chevrons-right';
export const iconDownload = 'download';
export const iconEye = 'eye';
export const iconFunnel = 'funnel';
export const iconPencil = 'pencil';
export const iconPlus = 'plus';
export const iconTrash = 'trash';
