/**
 * `client:intent`: an Astro client directive (registered in astro.config.mjs) that hydrates an island
 * on the first sign a person is about to use it, instead of when the page loads or the browser idles.
 * The island's HTML (a list's rows, its links and GET forms) is already on the page, so the page is
 * read and its links followed without React; React and the island's code are fetched only when a
 * person reaches for a control that needs them. See docs/decisions/029-hydrate-on-intent.md.
 *
 * Intent: a mouse pointer entering the island, a pointer or touch going down in it, focus moving
 * into it, a key pressed in it.
 *
 * Until the island is ready (its code ran and it marked itself `data-ready`, see ISLAND_READY):
 * - a click on a control that does nothing without JavaScript (a button that is not a form's
 *   submit button, a summary, an ARIA button) is held and replayed on the same element once the
 *   island is ready, so a tap right after load is never lost nor doubled;
 * - a checkbox or radio ticks at once (the browser's own toggle) and the island is handed the
 *   tick once ready, and only then: it does not see the click itself, even if it is already hydrating;
 * - so the island's server HTML must leave its controls enabled: a disabled control gets no click
 *   to hold (the kit's DataTable draws them enabled and sets data-ready once hydrated);
 * - what a person types into a field stays on screen (the browser's own editing) and is handed to
 *   the island once ready, as the input event the island would have seen;
 * - a submit of a form that declares no `action` or `method` (it only works through the island) is
 *   held and submitted again once ready; links and declared forms proceed natively.
 */
import type { ClientDirective } from 'astro';

/** What an island on client:intent sets on an element of its own once it is interactive. */
export const ISLAND_READY = '[data-ready]';

/**
 * A safety net, not a timing assumption: an island whose code has run (astro:hydrate) but that never
 * sets data-ready still gets its held events after this long instead of losing them.
 */
const READY_FALLBACK_MS = 5_000;

/** Controls whose click has no native effect worth keeping before the island can handle it. */
const SCRIPTED_CONTROL = [
  'input[type="checkbox"]',
  'input[type="radio"]',
  'button',
  'summary',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="combobox"]',
].join(',');

/** A form that works without JavaScript says where it goes. */
const declaredForm = (form: HTMLFormElement | null) => !!form && (form.hasAttribute('action') || form.hasAttribute('method'));

/** The control a click on `target` would activate, when that click needs the island. */
export function scriptedControl(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  if (target.closest('a[href]')) return null;
  const control = target.closest<HTMLElement>(SCRIPTED_CONTROL);
  if (!control) return null;
  if (control instanceof HTMLButtonElement) {
    // A submit or reset button of a form that works without JavaScript does its native job.
    if ((control.type === 'submit' || control.type === 'reset') && declaredForm(control.form)) return null;
  }
  return control;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/**
 * Hands a value the browser put in a field before hydration to the island's change handling: the
 * island adopted the field with the typed value but its state still holds the server's. Resetting
 * the property to the server's value through the element (what the island's change tracking sees)
 * and setting the typed value through the prototype's setter (what it does not see) before an input
 * event is how a person's typing looks to it — the approach of Testing Library's fireEvent.change.
 */
function replayValue(field: Field, typed: string): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return; // replayed as clicks
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setter) return;
  const initial = field instanceof HTMLSelectElement ? '' : field.defaultValue;
  if (typed === initial) return;
  field.value = initial;
  setter.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** What tells a control apart from its neighbours to a person: its kind, name and label. */
const signature = (element: Element) =>
  [
    element.tagName,
    element.getAttribute('type'),
    element.getAttribute('name'),
    element.getAttribute('aria-label'),
    element.id,
    element.textContent?.trim(),
  ].join('\u0000');

/**
 * The element a person acted on, in the island as it is now. Hydration normally adopts the server's
 * elements; when it cannot (the server's HTML differed from the island's first render, so React drew
 * the island again) the same control is the one with the same signature at the same position.
 */
function remember<T extends Element>(island: HTMLElement, element: T, selector: string): () => T | null {
  const sameKind = (all: Element[]) => all.filter((e) => signature(e) === signature(element));
  const position = sameKind([...island.querySelectorAll(selector)]).indexOf(element);
  const key = signature(element);
  return () => {
    if (element.isConnected) return element;
    const now = [...island.querySelectorAll(selector)].filter((e) => signature(e) === key);
    return (now[position] as T | undefined) ?? null;
  };
}

const FIELD = 'input, textarea, select';

/**
 * Hands a tick the browser drew before hydration to the island. Hydration keeps the box as the
 * person left it, and sets its defaultChecked to the island's own state: when the two differ, the
 * box is put back (through the element, as the island's change tracking sees it) and clicked, the
 * click the island would have handled. A box ticked and unticked again before then is left alone.
 */
function replayTick(box: HTMLInputElement, wanted: boolean): void {
  if (wanted === box.defaultChecked) return;
  box.checked = !wanted;
  box.click();
}

const intentDirective: ClientDirective = (load, _options, el) => {
  let started = false;
  let ready = false;
  const held: (() => HTMLElement | null)[] = [];
  const ticked = new Map<HTMLInputElement, { find: () => HTMLInputElement | null; checked: boolean }>();
  const typed = new Map<Field, { find: () => Field | null; value: string }>();
  const heldSubmits: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];

  const start = () => {
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };

  const onIntent = (event: Event) => {
    if (event.type === 'pointerover' && (event as PointerEvent).pointerType !== 'mouse') return;
    start();
  };

  const onClick = (event: MouseEvent) => {
    if (ready) return;
    const control = scriptedControl(event.target);
    if (!control) return;
    start();
    // A box or a radio shows its tick at once (the browser's own toggle, as a person expects), and
    // the island is told once ready. Everything else waits, prevented, and is clicked again.
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      ticked.set(control, { find: ticked.get(control)?.find ?? remember(el, control, SCRIPTED_CONTROL), checked: control.checked });
      // The island may already be listening (React attaches its listeners when hydration begins,
      // before the island marks itself ready): it must not also see this click, or the tick handed
      // over on release would toggle the box a second time.
      event.stopImmediatePropagation();
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(remember(el, control, SCRIPTED_CONTROL));
  };

  const onInput = (event: Event) => {
    if (ready || !isField(event.target)) return;
    const field = event.target;
    typed.set(field, { find: typed.get(field)?.find ?? remember(el, field, FIELD), value: field.value });
    start();
  };

  const onSubmit = (event: SubmitEvent) => {
    if (ready) return;
    const form = event.target as HTMLFormElement;
    if (declaredForm(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldSubmits.push({ form, submitter: event.submitter });
    start();
  };

  const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  for (const type of intents) el.addEventListener(type, onIntent, { capture: true, passive: true });
  el.addEventListener('click', onClick, { capture: true });
  el.addEventListener('input', onInput, { capture: true, passive: true });
  el.addEventListener('submit', onSubmit, { capture: true });

  const release = () => {
    if (ready) return;
    ready = true;
    for (const type of intents) el.removeEventListener(type, onIntent, { capture: true });
    el.removeEventListener('click', onClick, { capture: true });
    el.removeEventListener('input', onInput, { capture: true });
    el.removeEventListener('submit', onSubmit, { capture: true });
    for (const { find, value } of typed.values()) {
      const field = find();
      if (field) replayValue(field, value);
    }
    for (const { find, checked } of ticked.values()) {
      const box = find();
      if (box) replayTick(box, checked);
    }
    for (const find of held) {
      const control = find();
      if (!control) continue;
      control.focus({ preventScroll: true });
      control.click();
    }
    for (const { form, submitter } of heldSubmits) {
      if (form.isConnected) form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
    }
  };

  const whenReady = () => {
    if (el.querySelector(ISLAND_READY)) return release();
    const observer = new MutationObserver(() => {
      if (!el.querySelector(ISLAND_READY)) return;
      observer.disconnect();
      release();
    });
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
    setTimeout(() => {
      observer.disconnect();
      release();
    }, READY_FALLBACK_MS);
  };
  el.addEventListener('astro:hydrate', whenReady, { once: true });
};

export default intentDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when a person reaches for the island (this file). */
    'client:intent'?: boolean;
  }
}
