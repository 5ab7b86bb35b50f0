/**
 * The hand-over from a first screen the server sent as HTML (the sign-in page, the public
 * catalogue: prerender.tsx) to the app. The app renders into a hidden container beside the
 * server's HTML; once its own first screen is there (an element with the same
 * `data-first-screen`), it takes the HTML's place in one step: what the visitor typed meanwhile is
 * carried over field by field (by name, else by autocomplete, else by position; a select's pick
 * too), a radio button picked meanwhile is clicked again on the app's screen, a button pressed
 * meanwhile is pressed again there, and the focus moves over with the caret (or to the app's
 * [data-autofocus] field). Without such a screen in time (the app went somewhere else), it takes
 * the place anyway.
 */

const GIVE_UP_MS = 10_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const CHOICE = new Set(['radio', 'checkbox']);

/** The fields one types into or picks from (the catalogue's sort). */
function fields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')].filter((f) => f.type !== 'hidden' && !CHOICE.has(f.type));
}

/** What a button says: its name for the app's counterpart (the filter 'Hout', 'Volgende pagina'). */
function buttonKey(b: HTMLButtonElement): string {
  return `${b.getAttribute('aria-label') ?? ''}|${b.textContent?.trim() ?? ''}`;
}

/**
 * The app's buttons for those pressed on the server's screen before the app was there (marked by
 * public/first-screen.js with the presses' numbers), in the order they were pressed: the same
 * name, and of the buttons with that name the same one (the second 'Hout' is the second).
 */
function pressedOnApp(server: HTMLElement, app: HTMLElement): HTMLButtonElement[] {
  const served = [...server.querySelectorAll<HTMLButtonElement>('button')];
  const own = [...app.querySelectorAll<HTMLButtonElement>('button')];
  const presses = served.flatMap((b) =>
    (b.dataset.pressed ?? '')
      .split(' ')
      .filter(Boolean)
      .map((n) => ({ b, n: Number(n) })),
  );
  return presses
    .sort((x, y) => x.n - y.n)
    .flatMap(({ b }) => {
      const key = buttonKey(b);
      const nth = served.filter((o) => buttonKey(o) === key).indexOf(b);
      const match = own.filter((o) => buttonKey(o) === key)[nth];
      return match ? [match] : [];
    });
}

/** Radio buttons and checkboxes, in page order. */
function choices(root: ParentNode): HTMLInputElement[] {
  return [...root.querySelectorAll<HTMLInputElement>('input')].filter((f) => CHOICE.has(f.type));
}

function keyOf(f: Field): string {
  return f.name || f.getAttribute('autocomplete') || '';
}

/** Types `value` into a field React controls: through the element's own setter, then an input (a select: change) event. */
function typeInto(f: Field, value: string): void {
  const proto =
    f instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : f instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(f, value);
  f.dispatchEvent(new Event(f instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Whether the visitor changed the field on the server's screen (a select: picked another option than the page came with). */
function changed(f: Field): boolean {
  if (f instanceof HTMLSelectElement) return [...f.options].some((o) => o.selected !== o.defaultSelected);
  return f.value !== f.defaultValue;
}

/** Presses the buttons one at a time, each after the app has answered the one before (a filter, then another). */
async function pressInTurn(buttons: HTMLButtonElement[]): Promise<void> {
  for (const button of buttons) {
    await new Promise((done) => setTimeout(done, 0));
    if (button.isConnected) button.click();
  }
}

/** Moves what was typed and the focus from the server's HTML to the app's screen, then swaps them. */
export function handOver(server: HTMLElement, app: HTMLElement): void {
  const from = fields(server);
  const to = fields(app);
  const active = document.activeElement;
  let focusTo: Field | null = null;
  let caret: [number | null, number | null] = [null, null];
  from.forEach((old, i) => {
    const key = keyOf(old);
    const match = (key ? to.find((f) => keyOf(f) === key) : undefined) ?? to[i];
    if (!match) return;
    if (changed(old) && old.value !== match.value) typeInto(match, old.value);
    if (old === active) {
      focusTo = match;
      try {
        if (!(old instanceof HTMLSelectElement)) caret = [old.selectionStart, old.selectionEnd];
      } catch {
        // type=email has no selection API
      }
    }
  });
  const wasFocused = server.contains(active);
  // A choice made meanwhile (the language switch) is made again on the app's screen, as a click,
  // so the app does what it does on that click.
  const appChoices = choices(app);
  const picked = choices(server).flatMap((old, i) => {
    const match = appChoices[i];
    return old.checked !== old.defaultChecked && old.checked && match && match.value === old.value && !match.checked
      ? [match]
      : [];
  });
  const pressed = pressedOnApp(server, app);
  server.replaceWith(app);
  app.hidden = false;
  for (const choice of picked) choice.click();
  void pressInTurn(pressed);
  // Else the field the screen starts in (the sign-in page's e-mail); a screen without one (the
  // catalogue, where the search must not grab the focus) leaves it where it was.
  const target: Field | null = focusTo ?? (wasFocused ? null : app.querySelector<Field>('[autofocus], [data-autofocus]'));
  if (target) {
    target.focus({ preventScroll: true });
    const [start, end] = caret;
    if (focusTo && start !== null && end !== null) {
      try {
        if (!(target instanceof HTMLSelectElement)) target.setSelectionRange(start, end);
      } catch {
        // as above
      }
    }
  }
}

/**
 * The container the app renders into. With a server-sent first screen in `root`, a hidden sibling
 * that takes root's place (and id) once the app's screen of the same name is in it; else `root`.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  const served = root.querySelector<HTMLElement>('[data-first-screen]');
  if (!served) return root;
  const name = served.dataset.firstScreen ?? '';
  const app = document.createElement('div');
  app.hidden = true;
  root.after(app);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    root.removeAttribute('id');
    app.id = 'root';
    handOver(root, app);
  };
  const observer = new MutationObserver(() => {
    if (app.querySelector(`[data-first-screen="${CSS.escape(name)}"]`)) finish();
  });
  observer.observe(app, { childList: true, subtree: true });
  const timer = setTimeout(finish, GIVE_UP_MS);
  return app;
}
