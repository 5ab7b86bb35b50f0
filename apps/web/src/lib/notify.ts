// Toasts through a lazily loaded react-toastify, so the first screen does not pay for it.
type Kind = 'success' | 'error' | 'info' | 'warning';

/** A button in the toast (e.g. 'Ongedaan maken' after a delete); pressing it also closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * `id`: one toast per id; a new message with the same id replaces the one still on screen.
 * `action`: a button beside the message (its code loads with the toast, not with the page).
 */
interface Options {
  id?: string;
  action?: ToastAction;
}

const load = () => import('react-toastify');

function show(kind: Kind, message: string, o: Options = {}): void {
  const action = o.action;
  void Promise.all([load(), action ? import('./toast-action') : null]).then(([{ toast }, withAction]) => {
    const content = action && withAction ? withAction.toastWithAction(message, action) : message;
    if (o.id && toast.isActive(o.id)) toast.update(o.id, { render: content, type: kind });
    else toast[kind](content, o.id ? { toastId: o.id } : undefined);
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
