import { hintClass } from '@/components/ui/styles.ts';

/**
 * What an address fill did ("Filled from the pincode: Mysuru, Karnataka."), under the pincode. A
 * status region drawn empty from the start, so screen readers announce the text when it arrives.
 */
export function AddressNote({ text }: { text?: string }) {
  return (
    <p role="status" className={hintClass}>
      {text}
    </p>
  );
}
