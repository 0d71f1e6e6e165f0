/**
 * The address fill of server-rendered forms (pages that work without JavaScript: store setup and
 * store details), the same as the island forms' `addressPincode` (decision 026), declared in the
 * markup instead: the pincode input (or an element around it) carries `data-address-pincode`, with
 * the ids of its state control (a `<select>` of state names) and city control (a `<select>` of city
 * ids grouped by state, or a text input):
 *
 *   <div data-address-pincode data-address-state="field-state" data-address-city="field-city"><TextField … /></div>
 *
 * Typing a complete pincode asks GET /api/pincodes/lookup once (pincode-lookup.ts) and sets the
 * state (replacing a state that conflicts) and the city: a picked city is kept while it lies in that
 * state (`<optgroup label>` = the state), otherwise the pincode's city is picked; a text city is
 * filled only when empty (what the person typed is theirs: a district's name may not be what
 * they call their town). A status line under
 * the pincode says what happened. Without JavaScript the form works as before.
 */
import { completePincode } from '@/lib/india/pincode-lookup.ts';
import { hintClass } from '@/components/ui/styles.ts';
import { lookUpPincode } from './pincode-lookup.ts';

function wire(declared: HTMLElement): void {
  const pincode = declared instanceof HTMLInputElement ? declared : declared.querySelector('input');
  const state = document.getElementById(declared.dataset.addressState ?? '') as HTMLSelectElement | null;
  const city = document.getElementById(declared.dataset.addressCity ?? '') as HTMLInputElement | HTMLSelectElement | null;
  if (!pincode || !state || !city) return;
  // A status region present before anything is said in it, so screen readers announce the text.
  const note = document.createElement('p');
  note.setAttribute('role', 'status');
  note.className = hintClass;
  pincode.parentElement?.append(note);
  let asked: string | null = null;

  pincode.addEventListener('input', async () => {
    const code = completePincode(pincode.value);
    asked = code;
    if (!code) return void (note.textContent = '');
    let found;
    try {
      found = await lookUpPincode(code);
    } catch {
      return; // offline or refused: the person fills the address as before
    }
    if (asked !== code) return; // the person typed on meanwhile
    if (!found) return void (note.textContent = `Pincode ${code} is not in the list. Check it, or fill in the city and state.`);
    const said: string[] = [];
    const stateKnown = Array.from(state.options).some((o) => o.value === found.state.name);
    if (stateKnown && state.value !== found.state.name) {
      said.push(state.value ? `State changed to ${found.state.name}.` : `State: ${found.state.name}.`);
      state.value = found.state.name;
      state.removeAttribute('aria-invalid');
    }
    if (city instanceof HTMLSelectElement) {
      const pickedGroup = city.selectedOptions[0]?.parentElement;
      const pickedInState = pickedGroup instanceof HTMLOptGroupElement && pickedGroup.label === found.state.name;
      const offered = Array.from(city.options).some((o) => o.value === String(found.city.id));
      if (!pickedInState && offered) {
        city.value = String(found.city.id);
        city.removeAttribute('aria-invalid');
        said.push(`City: ${found.city.name}.`);
      }
    } else if (!city.value.trim()) {
      city.value = found.city.name;
      city.removeAttribute('aria-invalid');
      said.push(`City: ${found.city.name}.`);
    }
    note.textContent = said.length ? `Filled from the pincode. ${said.join(' ')}` : `Pincode ${found.pincode} is in ${found.city.name}, ${found.state.name}.`;
  });
}

/** Wires every declared pincode input under `root`. */
export function wireAddressFill(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-address-pincode]').forEach(wire);
}
