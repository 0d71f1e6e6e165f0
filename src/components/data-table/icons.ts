/** Lucide icons only the table uses (the shared set in ui/icons.ts has no arrows or funnel). */
export const iconArrowUp = '<path d="m5 12 7-7 7 7"/><path d="M12 19V5"/>';
export const iconArrowDown = '<path d="M12 5v14"/><path d="m19 12-7 7-7-7"/>';
export const iconArrowUpDown = '<path d="m21 16-4 4-4-4"/><path d="M17 20V4"/><path d="m3 8 4-4 4 4"/><path d="M7 4v16"/>';
export const iconFunnel =
  '<path d="M10 20a1 1 0 0 0 .553.895l2 1A1 1 0 0 0 14 21v-7a2 2 0 0 1 .517-1.341L21.74 4.67A1 1 0 0 0 21 3H3a1 1 0 0 0-.742 1.67l7.225 7.989A2 2 0 0 1 10 14z"/>';
export const iconPencil =
  '<path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z"/><path d="m15 5 4 4"/>';
export const iconTrash = '<path d="M3 6h18"/><path d="M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6"/><path d="M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2"/>';
export const iconDownload = '<path d="M12 15V3"/><path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4"/><path d="m7 10 5 5 5-5"/>';
export const iconPlus = '<path d="M5 12h14"/><path d="M12 5v14"/>';
export const iconChevronLeft = '<path d="m15 18-6-6 6-6"/>';
export const iconChevronsLeft = '<path d="m11 17-5-5 5-5"/><path d="m18 17-5-5 5-5"/>';
export const iconChevronsRight = '<path d="m6 17 5-5-5-5"/><path d="m13 17 5-5-5-5"/>';
export const iconEye =
  '<path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"/><circle cx="12" cy="12" r="3"/>';
