import { RESOURCES as resources } from '/work/wt-decl/src/lib/areas/resources.server.ts';
for (const r of Object.values(resources) as any[]) {
  const area = r.area; const areaCols = new Map(area.columns.map((c: any) => [c.field, c]));
  const out: string[] = [];
  for (const [f, c] of Object.entries(r.def.columns) as any) {
    const a: any = areaCols.get(f);
    if (!a) { out.push(`  resource-only ${f} ${c.kind} s=${!!c.sortable} f=${!!c.filterable}`); continue; }
    const ao = a.options?.map((o: any) => o.value).join(',') ?? '';
    const ro = c.options?.join(',') ?? '';
    if (a.kind !== c.kind || !!a.sortable !== !!c.sortable || !!a.filterable !== !!c.filterable || (c.kind==='enum' && ao !== ro)) out.push(`  MISMATCH ${f} area=${a.kind}/${!!a.sortable}/${!!a.filterable}/${ao} res=${c.kind}/${!!c.sortable}/${!!c.filterable}/${ro}`);
  }
  for (const a of area.columns) if (!r.def.columns[a.field] && (a.sortable || a.filterable)) out.push(`  area-only ${a.field}`);
  console.log(area.key, area.permissionArea); console.log(out.join('\n'));
}
