// Toasts through a lazily loaded react-toastify, so the first screen does not pay for it.
type Kind = 'success' | 'error' | 'info' | 'warning';

/** `id`: one toast per id; a new message with the same id replaces the one still on screen. */
interface Options {
  id?: string;
}

const load = () => import('react-toastify');

function show(kind: Kind, message: string, o: Options = {}): void {
  void load().then(({ toast }) => {
    if (o.id && toast.isActive(o.id)) toast.update(o.id, { render: message, type: kind });
    else toast[kind](message, o.id ? { toastId: o.id } : undefined);
  });
}

export const notify = {
  success: (message: string, o?: Options) => show('success', message, o),
  error: (message: string, o?: Options) => show('error', message, o),
  info: (message: string, o?: Options) => show('info', message, o),
  warning: (message: string, o?: Options) => show('warning', message, o),
  /** Takes a toast shown with this id away (e.g. an editor's error, once the problem is fixed). */
  dismiss: (id: string) => void load().then(({ toast }) => toast.dismiss(id)),
};
