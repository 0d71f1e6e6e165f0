/**
 * How a customer's email and phone read when masked (lists, details, the API's list/read JSON and
 * CSV): enough to recognise a caller ("ending 3210"), not enough to contact them. The real values
 * come only from POST /api/customers/:id/reveal (customers:view-pii), which writes the activity log.
 * No server imports: the details island uses these too.
 */

/** `priya.sharma@example.com` → `pr••••@example.com` (the domain stays: it says gmail or a company; the length doesn't). */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 1) return '••••••';
  const local = email.slice(0, at);
  const keep = local.length > 2 ? 2 : 1;
  return `${local.slice(0, keep)}••••${email.slice(at)}`;
}

/** `+919876543210` → `+91 ••••• •3210`: only the last four digits. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return `+91 ••••• •${digits.slice(-4)}`;
}

/** `+919876543210` → `+91 98765 43210`, as a revealed number is shown. */
export function formatIndianMobile(phone: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return m ? `+91 ${m[1]} ${m[2]}` : phone;
}
