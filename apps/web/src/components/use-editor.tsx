import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { notifyError } from '../lib/attempt';
import { type FieldErrorOptions, translateFieldErrors } from '../lib/errors';
import { notify } from '../lib/notify';
import { StaleBanner } from './StaleBanner';
import { confirmDiscard, useUnsavedChanges } from './useUnsavedChanges';

// As @mantine/form takes them: an interface of fields (no index signature needed).
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as useForm's own
type Values = Record<string, any>;

export interface EditorOptions<V extends Values, R> {
  /** What the form starts with. Later renders' values are ignored: the form keeps its own copy. */
  initialValues: V;
  /** The loaded record the edit is based on (a save sends its version); none for a new one. */
  base?: R;
  /** The form's own check, from a shared schema (`zodValidate`): on submit, and on leaving a changed field. */
  validate?: (values: V) => FormErrors;
  /** How the server's field paths land on the form's fields (`translateFieldErrors`). */
  fieldErrors?: FieldErrorOptions;
  /** Sends the values; `base` is the copy the edit is based on: the loaded one, then the last saved or reloaded one. */
  save: (values: V, base: R | undefined) => Promise<R>;
  /** The record as form values: after a save or a reload the form starts again from it. Without it, the saved values stay. */
  toValues?: (record: R) => V;
  /** The success toast's text. */
  savedMessage?: (saved: R) => string;
  /** After a save and its toast, e.g. to open the created record. */
  onSaved?: (saved: R) => void;
  /** After 409 STALE_VERSION: loads the newest copy (the banner's button); the form starts again from it. */
  reload?: () => Promise<R | undefined>;
  /** The banner's own explanation from the 409's details (e.g. which role); the general one without it. */
  staleText?: (details: Record<string, unknown>) => string;
  /** Ask before unsaved changes are lost by leaving the page (default true). */
  guard?: boolean;
  /** In a modal: the modal's close (`useGuardedClose`) asks first while this form has unsaved changes. */
  closeGuard?: CloseGuard;
}

/** Where a modal finds the close question of the editor inside it. */
export type CloseGuard = RefObject<((close: () => void) => void) | null>;

/**
 * For a modal holding an editor: `close` is the modal's onClose (Escape, the X, the backdrop, a
 * cancel button), which asks before unsaved changes go; pass `closeGuard` to the editor's options.
 */
export function useGuardedClose(close: () => void): { close: () => void; closeGuard: CloseGuard } {
  const closeGuard: CloseGuard = useRef(null);
  return { close: () => (closeGuard.current ? closeGuard.current(close) : close()), closeGuard };
}

export interface Editor<V extends Values, R> {
  form: UseFormReturnType<V>;
  /** True while a save (or a reload) runs: the submit button shows progress. */
  busy: boolean;
  /** The copy the edit is based on (version for a delete, counts for texts). */
  base: R | undefined;
  /** Spread on the <form>: submit through validation and save, no browser validation. */
  formProps: { onSubmit: (e?: FormEvent<HTMLFormElement>) => void; noValidate: true; ref: RefObject<HTMLFormElement | null> };
  /** The stale-version banner, or null: render it above the form. */
  banner: ReactNode;
  /** A save or a delete met 409 STALE_VERSION. */
  markStale: () => void;
  /** True from a submit that found problems until the next submit that passes. */
  submitFailed: boolean;
  /** The form differs from what it started with (or was last saved as). */
  isDirty: boolean;
  /** Back to the values of the last loaded or saved copy, without errors. */
  reset: () => void;
  /** The page is about to go on purpose (after a delete): no question about unsaved changes. */
  leave: () => void;
  /** A modal's close: asks first when there are unsaved changes, then calls `close`. */
  requestClose: (close: () => void) => void;
}

/** The top-level keys of the form a server path lands on (an error on an unknown path cannot be shown on a field). */
const onForm = (values: Values, path: string) => (path.split('.')[0] ?? '') in values;

/**
 * One edit screen's behaviour, in a page or in a modal: a Mantine form checked with the shared
 * schema, a busy state, the version the edit is based on, the stale banner on 409, the server's
 * field errors on their fields, error toasts that go once the problem does, and the question
 * before unsaved changes are lost.
 */
export function useEditor<V extends Values, R>(options: EditorOptions<V, R>): Editor<V, R> {
  const { t } = useTranslation();
  const o = useRef(options);
  o.current = options;
  const toastId = `editor-${useId()}`;
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef(options.base);
  const [base, setBase] = useState(options.base);
  const [busy, setBusy] = useState(false);
  // The 409's details while the banner shows, else null.
  const [stale, setStale] = useState<Record<string, unknown> | null>(null);
  const [submitFailed, setSubmitFailed] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const attempted = useRef(false);
  const leaving = useRef(false);

  const form = useForm<V>({
    initialValues: options.initialValues,
    validate: (values) => o.current.validate?.(values) ?? {},
    // A field is checked when it is left after a change (or after a submit), never merely tabbed past.
    enhanceGetInputProps: ({ inputProps, field, form: f }) => {
      // Taken now: the props object is the one these props are merged into.
      const own = inputProps.onBlur as ((...a: unknown[]) => void) | undefined;
      return {
        onBlur: (...args: unknown[]) => {
          own?.(...args);
          if (attempted.current || f.isDirty(field)) void f.validateField(field);
        },
      };
    },
  });

  const dirty = () => !leaving.current && form.isDirty();
  useUnsavedChanges(options.guard === false ? false : dirty);

  const asking = useRef(false);
  const requestClose = (close: () => void) => {
    if (asking.current) return;
    if (!dirty()) return close();
    asking.current = true;
    void confirmDiscard('modal').then((ok) => {
      // Free again only after this event: the Escape that answered the question is also seen by
      // the modal below it, which must not ask again.
      setTimeout(() => {
        asking.current = false;
      }, 0);
      if (!ok) return;
      leaving.current = true;
      close();
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: requestClose reads refs only; registered once per mount
  useEffect(() => {
    const guard = options.closeGuard;
    if (!guard) return;
    guard.current = requestClose;
    return () => {
      guard.current = null;
    };
  }, []);

  const startFrom = (record: R) => {
    baseRef.current = record;
    setBase(record);
    const toValues = o.current.toValues;
    if (toValues) {
      const next = toValues(record);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
    } else form.resetDirty();
    form.clearErrors();
  };

  const fail = (errors: FormErrors) => {
    setSubmitFailed(true);
    setFocusRequest((n) => n + 1);
    return errors;
  };

  const submit = form.onSubmit(
    async (values) => {
      attempted.current = true;
      setSubmitFailed(false);
      notify.dismiss(toastId);
      setBusy(true);
      try {
        const saved = await o.current.save(values, baseRef.current);
        setStale(null);
        if (o.current.toValues) startFrom(saved);
        else {
          baseRef.current = saved;
          setBase(saved);
          form.resetDirty(values);
        }
        const message = o.current.savedMessage?.(saved);
        if (message) notify.success(message);
        o.current.onSaved?.(saved);
      } catch (err) {
        if (isApiError(err) && err.code === 'STALE_VERSION') {
          setStale(err.details ?? {});
        } else if (isApiError(err) && err.fieldErrors) {
          const errors = translateFieldErrors(t, err.fieldErrors, o.current.fieldErrors);
          form.setErrors(fail(errors));
          if (Object.keys(errors).some((path) => !onForm(form.getValues(), path))) {
            notifyError(t, err, { id: toastId });
          }
        } else notifyError(t, err, { id: toastId });
      } finally {
        setBusy(false);
      }
    },
    (errors) => {
      attempted.current = true;
      fail(errors);
    },
  );

  const errorCount = Object.keys(form.errors).length;
  // The problem is gone: so is its toast.
  useEffect(() => {
    if (errorCount === 0) notify.dismiss(toastId);
  }, [errorCount, toastId]);

  // After a failed submit: the first field with a problem gets the focus (and scrolls into view).
  // Only then: `form` is a new object on every render, so with it as a dependency every keystroke
  // in another field sent the focus back to the first field with a problem.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed submit, reading that render's form
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else {
      const path = Object.keys(form.errors)[0];
      const node = path ? (form.getInputNode(path) ?? document.getElementById(`field-${path}`)) : null;
      node?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }
  }, [focusRequest]);

  useEffect(() => {
    if (stale) bannerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [stale]);

  const reload = async () => {
    const fresh = await o.current.reload?.();
    // Not found any more (deleted meanwhile): the banner stays; the page shows what the load found.
    if (!fresh) return;
    setStale(null);
    startFrom(fresh);
  };

  const banner =
    stale && options.reload ? (
      <div ref={bannerRef} style={{ scrollMarginTop: 76 }}>
        <StaleBanner onReload={reload} text={options.staleText?.(stale)} />
      </div>
    ) : null;

  return {
    form,
    busy,
    base,
    formProps: { onSubmit: submit, noValidate: true, ref: formRef },
    banner,
    markStale: () => setStale({}),
    submitFailed: submitFailed && errorCount > 0,
    isDirty: form.isDirty(),
    reset: () => {
      form.reset();
      setSubmitFailed(false);
      notify.dismiss(toastId);
    },
    leave: () => {
      leaving.current = true;
    },
    requestClose,
  };
}
