import '@mantine/core/styles.css';
import './global.css';
import { createRoot } from 'react-dom/client';
import { fetchLocale } from '../features/auth/guest-api';
import { fetchCsrfCookie, readXsrfToken } from '../lib/api';
import { initI18n } from '../lib/i18n';
import { initialSessionState } from '../platform/session';
import { App, preloadFirstScreen } from './App';

async function start(): Promise<void> {
  preloadFirstScreen(initialSessionState().routeSet);
  // A session from the first visit on, so language switches and page views work signed out too.
  const csrf = readXsrfToken() ? Promise.resolve() : fetchCsrfCookie().catch((err) => console.warn('no CSRF cookie yet', err));
  const [locale] = await Promise.all([fetchLocale(), csrf]);
  await initI18n(locale);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(<App />);
}

void start();
