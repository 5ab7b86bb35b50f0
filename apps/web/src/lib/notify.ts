// Toasts through a lazily loaded react-toastify, so the first screen does not pay for it.
type Kind = 'success' | 'error' | 'info' | 'warning';

const load = () => import('react-toastify');

function show(kind: Kind, message: string): void {
  void load().then(({ toast }) => toast[kind](message));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
