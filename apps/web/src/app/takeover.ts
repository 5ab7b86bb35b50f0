/**
 * The hand-over from a first screen the server sent as HTML (the sign-in page, prerender.tsx) to
 * the app. The app renders into a hidden container beside the server's HTML; once its own first
 * screen is there (an element with the same `data-first-screen`), it takes the HTML's place in one
 * step: what the visitor typed meanwhile is carried over field by field (by name, else by
 * autocomplete, else by position), a radio button picked meanwhile is clicked again on the app's
 * screen, and the focus moves over with the caret. Without such a screen in
 * time (the app went somewhere else), it takes the place anyway.
 */

const GIVE_UP_MS = 10_000;

type Field = HTMLInputElement | HTMLTextAreaElement;

const CHOICE = new Set(['radio', 'checkbox']);

/** The fields one types into. */
function fields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea')].filter((f) => f.type !== 'hidden' && !CHOICE.has(f.type));
}

/** Radio buttons and checkboxes, in page order. */
function choices(root: ParentNode): HTMLInputElement[] {
  return [...root.querySelectorAll<HTMLInputElement>('input')].filter((f) => CHOICE.has(f.type));
}

function keyOf(f: Field): string {
  return f.name || f.getAttribute('autocomplete') || '';
}

/** Types `value` into a field React controls: through the element's own setter, then an input event. */
function typeInto(f: Field, value: string): void {
  const proto = f instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(f, value);
  f.dispatchEvent(new Event('input', { bubbles: true }));
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
    if (old.value !== '' && old.value !== match.value) typeInto(match, old.value);
    if (old === active) {
      focusTo = match;
      try {
        caret = [old.selectionStart, old.selectionEnd];
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
  server.replaceWith(app);
  app.hidden = false;
  for (const choice of picked) choice.click();
  const target: Field | null =
    focusTo ?? (wasFocused ? null : (app.querySelector<Field>('[autofocus], [data-autofocus]') ?? to[0] ?? null));
  if (target) {
    target.focus({ preventScroll: true });
    const [start, end] = caret;
    if (focusTo && start !== null && end !== null) {
      try {
        target.setSelectionRange(start, end);
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
