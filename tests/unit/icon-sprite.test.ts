/**
 * Icons are symbols of one sprite (src/components/ui/icons.svg, decision 029): every id the icon
 * modules export, and every icon the menu names, must have its symbol, or it draws nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as uiIcons from '../../src/components/ui/icons.ts';
import * as tableIcons from '../../src/components/data-table/icons.ts';
import { ICONS } from '../../src/components/ui/icons.ts';
import { MENU } from '../../src/lib/navigation/menu.ts';

const sprite = readFileSync(new URL('../../src/components/ui/icons.svg', import.meta.url), 'utf8');
const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]));
const exported = Object.entries({ ...uiIcons, ...tableIcons }).filter(([name]) => name.startsWith('icon')) as [string, string][];

describe('the icon sprite', () => {
  it('has a symbol for every icon id the icon modules export', () => {
    expect(exported.length).toBeGreaterThan(50);
    expect(exported.filter(([, id]) => !symbols.has(id))).toEqual([]);
  });

  it('has a symbol for every name server components use', () => {
    expect(Object.entries(ICONS).filter(([, id]) => !symbols.has(id))).toEqual([]);
    const menuIcons = MENU.flatMap((group) => group.items.map((item) => item.icon));
    expect(menuIcons.filter((name) => !(name in ICONS))).toEqual([]);
  });

  it('draws each symbol only once, from shapes alone', () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(new Set(ids).size);
    expect(sprite).not.toMatch(/<script|on\w+=/i);
  });
});
