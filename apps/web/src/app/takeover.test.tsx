import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appContainer } from './takeover';

/** The server's sign-in form, as prerender.tsx sends it: no names, autocomplete on each field. */
function serveForm(): HTMLElement {
  document.body.innerHTML = `<div id="root"><form data-first-screen="login">
    <input type="email" autocomplete="username" value=""><input type="password" autocomplete="current-password" value="">
    <button type="submit" disabled>Inloggen</button></form></div>`;
  return document.getElementById('root') as HTMLElement;
}

/** The app's form: fields React controls; what it holds is shown beside it. */
function AppForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form data-first-screen="login">
      <input type="email" autoComplete="username" data-autofocus value={email} onChange={(e) => setEmail(e.target.value)} />
      <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <output data-testid="state">{`${email}|${password}`}</output>
    </form>
  );
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeAll(() => {
  // act() around a root of our own (not Testing Library's render).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('taking over a first screen the server sent', () => {
  it('keeps the served form until the app has its own, then carries over what was typed and the focus', async () => {
    const served = serveForm();
    const container = appContainer(served);
    expect(container).not.toBe(served);
    expect(container.hidden).toBe(true);
    const root = createRoot(container);
    // Typed into the served form while the app loads.
    const [email, password] = [...served.querySelectorAll('input')];
    if (!email || !password) throw new Error('fields');
    email.value = 'emma@nordic.test';
    password.value = 'geheim';
    password.focus();
    await act(async () => root.render(<AppForm />));
    await flush();
    expect(served.isConnected).toBe(false);
    expect(container.hidden).toBe(false);
    expect(container.id).toBe('root');
    expect(document.querySelectorAll('form')).toHaveLength(1);
    expect(document.querySelector('[data-testid="state"]')?.textContent).toBe('emma@nordic.test|geheim');
    expect(document.activeElement).toBe(container.querySelector('input[type="password"]'));
    await act(async () => root.unmount());
  });

  it("a language picked on the served screen is picked again on the app's, as a click", async () => {
    document.body.innerHTML = `<div id="root"><form data-first-screen="login">
      <input type="radio" name="a" value="nl" checked><input type="radio" name="a" value="en"></form></div>`;
    const served = document.getElementById('root') as HTMLElement;
    const container = appContainer(served);
    const root = createRoot(container);
    const clicked: string[] = [];
    function Switch() {
      const [lang, setLang] = useState('nl');
      return (
        <form data-first-screen="login">
          {['nl', 'en'].map((v) => (
            <input
              key={v}
              type="radio"
              name="b"
              value={v}
              checked={lang === v}
              onChange={() => {
                clicked.push(v);
                setLang(v);
              }}
            />
          ))}
        </form>
      );
    }
    (served.querySelector('input[value="en"]') as HTMLInputElement).checked = true;
    await act(async () => root.render(<Switch />));
    await flush();
    expect(clicked).toEqual(['en']);
    expect((container.querySelector('input[value="en"]') as HTMLInputElement).checked).toBe(true);
    await act(async () => root.unmount());
  });

  it('without a served screen the app renders straight into the root', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root') as HTMLElement;
    expect(appContainer(root)).toBe(root);
  });

  it("leaves the focus alone on a screen that starts in no field (the catalogue's search)", async () => {
    document.body.innerHTML = `<div id="root"><div data-first-screen="catalogue"><input type="search" value=""></div></div>`;
    const container = appContainer(document.getElementById('root') as HTMLElement);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <div data-first-screen="catalogue">
          <input type="search" defaultValue="" />
        </div>,
      ),
    );
    await flush();
    expect(container.hidden).toBe(false);
    expect(document.activeElement).toBe(document.body);
    await act(async () => root.unmount());
  });

  it('presses again, in order, the buttons pressed meanwhile, and keeps a sort picked meanwhile', async () => {
    // The served catalogue: two filters named alike in two groups, a sort; first-screen.js marked the presses.
    document.body.innerHTML = `<div id="root"><div data-first-screen="catalogue">
      <button type="button">Hout</button><button type="button" data-pressed="2">Hout</button>
      <button type="button" data-pressed="1 3">Eiken</button>
      <select><option value="order" selected>Aanbevolen</option><option value="name">Naam</option></select></div></div>`;
    const served = document.getElementById('root') as HTMLElement;
    const select = served.querySelector('select') as HTMLSelectElement;
    select.value = 'name';
    const pressed: string[] = [];
    function Catalogue() {
      const [sort, setSort] = useState('order');
      return (
        <div data-first-screen="catalogue">
          {['hout-1', 'hout-2', 'eiken'].map((id) => (
            <button key={id} type="button" onClick={() => pressed.push(id)}>
              {id.startsWith('hout') ? 'Hout' : 'Eiken'}
            </button>
          ))}
          <select value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="order">Aanbevolen</option>
            <option value="name">Naam</option>
          </select>
          <output data-testid="sort">{sort}</output>
        </div>
      );
    }
    const container = appContainer(served);
    const root = createRoot(container);
    await act(async () => root.render(<Catalogue />));
    await flush();
    await flush();
    await flush();
    expect(pressed).toEqual(['eiken', 'hout-2', 'eiken']);
    expect(document.querySelector('[data-testid="sort"]')?.textContent).toBe('name');
    await act(async () => root.unmount());
  });

  it("puts the focus in the app's start field when the visitor had not chosen one", async () => {
    const served = serveForm();
    const container = appContainer(served);
    const root = createRoot(container);
    await act(async () => root.render(<AppForm />));
    await flush();
    expect(document.activeElement).toBe(container.querySelector('input[type="email"]'));
    await act(async () => root.unmount());
  });
});
