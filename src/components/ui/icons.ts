/**
 * Lucide icons (ISC licence, lucide-static 1.62.0), drawn from one cached sprite: ./icons.svg holds
 * each icon's shapes once as a <symbol>, and a page or island refers to it by id (<use>), so no
 * icon's paths are repeated in a page's HTML or bundled into an island (decision 029). Each export
 * is a symbol's id; islands pass it to Icon.tsx (`<Icon svg={iconX} />`), server components name
 * it to Icon.astro by ICONS's kebab-case keys (what menu.ts uses).
 * To add one: copy the inner elements of lucide-static/icons/<name>.svg into a
 * `<symbol id="<name>" viewBox="0 0 24 24">` of ./icons.svg and export its id here (a unit test
 * checks that every id exported here has its symbol).
 */
export const iconActivity = 'activity';
export const iconArrowLeft = 'arrow-left';
export const iconAward = 'award';
export const iconBell = 'bell';
export const iconBoxes = 'boxes';
export const iconBuilding = 'building';
export const iconChevronDown = 'chevron-down';
export const iconChevronRight = 'chevron-right';
export const iconCircleCheck = 'circle-check';
export const iconCircleUser = 'circle-user';
export const iconClock = 'clock';
export const iconConstruction = 'construction';
export const iconCreditCard = 'credit-card';
export const iconFileQuestion = 'file-question';
export const iconFolder = 'folder';
export const iconFolderTree = 'folder-tree';
export const iconGlobe = 'globe';
export const iconGrid = 'grid';
export const iconHeart = 'heart';
export const iconHelpCircle = 'help-circle';
export const iconHistory = 'history';
export const iconHouse = 'house';
export const iconImage = 'image';
export const iconInfo = 'info';
export const iconKeyRound = 'key-round';
export const iconLayoutDashboard = 'layout-dashboard';
export const iconLock = 'lock';
export const iconLogOut = 'log-out';
export const iconMap = 'map';
export const iconMapPin = 'map-pin';
export const iconMegaphone = 'megaphone';
export const iconMenu = 'menu';
export const iconMessageSquare = 'message-square';
export const iconMessageSquareText = 'message-square-text';
export const iconMoon = 'moon';
export const iconPackage = 'package';
export const iconPalette = 'palette';
export const iconPanelRight = 'panel-right';
export const iconPercent = 'percent';
export const iconPin = 'pin';
export const iconPinOff = 'pin-off';
export const iconPlusSquare = 'plus-square';
export const iconRotateCcw = 'rotate-ccw';
export const iconRuler = 'ruler';
export const iconSearch = 'search';
export const iconSettings = 'settings';
export const iconShield = 'shield';
export const iconShieldAlert = 'shield-alert';
export const iconShoppingCart = 'shopping-cart';
export const iconStore = 'store';
export const iconSun = 'sun';
export const iconTable = 'table';
export const iconTag = 'tag';
export const iconTicket = 'ticket';
export const iconTrendingUp = 'trending-up';
export const iconTriangleAlert = 'triangle-alert';
export const iconTruck = 'truck';
export const iconUpload = 'upload';
export const iconUser = 'user';
export const iconUsers = 'users';
export const iconWallet = 'wallet';
export const iconWarehouse = 'warehouse';
export const iconX = 'x';
export const iconXCircle = 'x-circle';

/** The icons server components name (Icon.astro `name`), by kebab-case name. */
export const ICONS: Record<string, string> = {
  'layout-dashboard': iconLayoutDashboard,
  package: iconPackage,
  'plus-square': iconPlusSquare,
  upload: iconUpload,
  ruler: iconRuler,
  tag: iconTag,
  heart: iconHeart,
  'shopping-cart': iconShoppingCart,
  clock: iconClock,
  truck: iconTruck,
  'x-circle': iconXCircle,
  award: iconAward,
  folder: iconFolder,
  'folder-tree': iconFolderTree,
  image: iconImage,
  'rotate-ccw': iconRotateCcw,
  boxes: iconBoxes,
  grid: iconGrid,
  table: iconTable,
  users: iconUsers,
  store: iconStore,
  user: iconUser,
  percent: iconPercent,
  'credit-card': iconCreditCard,
  wallet: iconWallet,
  'trending-up': iconTrendingUp,
  ticket: iconTicket,
  megaphone: iconMegaphone,
  shield: iconShield,
  warehouse: iconWarehouse,
  settings: iconSettings,
  'message-square': iconMessageSquare,
  'help-circle': iconHelpCircle,
  map: iconMap,
  building: iconBuilding,
  'map-pin': iconMapPin,
  globe: iconGlobe,
  history: iconHistory,
  menu: iconMenu,
  'arrow-left': iconArrowLeft,
  sun: iconSun,
  moon: iconMoon,
  bell: iconBell,
  search: iconSearch,
  'chevron-down': iconChevronDown,
  'chevron-right': iconChevronRight,
  'log-out': iconLogOut,
  'key-round': iconKeyRound,
  'circle-user': iconCircleUser,
  pin: iconPin,
  'pin-off': iconPinOff,
  x: iconX,
  activity: iconActivity,
  info: iconInfo,
  'circle-check': iconCircleCheck,
  'triangle-alert': iconTriangleAlert,
  lock: iconLock,
  palette: iconPalette,
  'panel-right': iconPanelRight,
  'message-square-text': iconMessageSquareText,
  construction: iconConstruction,
  'shield-alert': iconShieldAlert,
  'file-question': iconFileQuestion,
  house: iconHouse,
};
