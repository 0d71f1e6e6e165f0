/**
 * Palettes are CSS variables (src/styles/palettes.css), switched by attributes the server
 * renders from the theme cookie, so Tailwind classes like `bg-primary-500` follow the
 * chosen theme. Semantic colours (src/styles/presets.css):
 *   bg-primary / text-primary-contrast   the preset's primary colour and the text on it
 *   bg-primary-hover                     its hover shade
 *   bg-highlight / text-highlight-contrast  selected or active items
 */
const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
const scale = (name, extra = []) => Object.fromEntries([...extra, ...shades].map((s) => [s, `var(--${name}-${s})`]));

/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,html,ts,tsx}'],
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        primary: { ...scale('primary'), DEFAULT: 'var(--primary-color)', hover: 'var(--primary-hover-color)', contrast: 'var(--primary-contrast-color)' },
        surface: scale('surface', [0]),
        highlight: { DEFAULT: 'var(--highlight-bg)', contrast: 'var(--highlight-color)' },
      },
      // Spec §9: the desktop breakpoint is 991px, so `lg` starts at 992px.
      screens: { lg: '992px' },
      // Spec §9: layer stacking.
      zIndex: { menu: '1000', overlay: '1000', modal: '1100', tooltip: '1100' },
    },
  },
};
