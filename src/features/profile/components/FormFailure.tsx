/** The message of a failed submit, above the form. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200" role="alert">
      {message}
    </p>
  );
}
