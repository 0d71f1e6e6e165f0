/**
 * A URL-safe slug from a name: "Café Noir & Co" → "cafe-noir-and-co". Shared by the server
 * (a record saved without a slug) and the form kit (the slug field follows the name until
 * edited), so both derive the same slug.
 */
export function slugify(value: string, maxLength = 120): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
