import 'react-toastify/dist/ReactToastify.css';
import { useTranslation } from 'react-i18next';
import { ToastContainer } from 'react-toastify';

/** Toasts exactly as R4 settles them: bottom-left, 5 s, at most 20, 60 % drag. */
export default function Toasts() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      aria-label={t('common.notifications')}
      position="bottom-left"
      autoClose={5000}
      limit={20}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={60}
      newestOnTop={false}
      theme="colored"
    />
  );
}
