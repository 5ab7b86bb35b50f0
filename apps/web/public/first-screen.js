// Starts the app behind a first screen the server sent as HTML (the sign-in page): once that
// screen has been painted, so the app's scripts never hold up its first paint. The server names
// the entry and the modules to preload on this script's tag (apps/server/src/platform/web-app.ts,
// withScreen). A plain script, not a module: it has to find its own tag.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const entry = tag.dataset.entry;
  const preload = (tag.dataset.preload || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    for (const href of preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // A button pressed before the app is there (a filter, the pager, 'clear the search') does nothing
  // yet: it is marked with the press's number, and the app presses it again once it has taken over
  // (src/app/takeover.ts). Links work without the app; the sign-in page's button is disabled.
  const served = document.getElementById('root');
  let presses = 0;
  const onClick = (event) => {
    if (!served?.isConnected || served.id !== 'root') {
      document.removeEventListener('click', onClick, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !served.contains(button)) return;
    presses += 1;
    button.dataset.pressed = `${button.dataset.pressed ? `${button.dataset.pressed} ` : ''}${presses}`;
  };
  document.addEventListener('click', onClick, true);
  // After the next frame; a tab opened in the background paints no frames, so not later than 1 s.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
