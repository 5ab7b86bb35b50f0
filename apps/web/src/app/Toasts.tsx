import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';

/** Toasts exactly as DESIGN.md section 7 settles them: bottom-left, 5 s, at most 20, 60 % drag. */
export default function Toasts() {
  return (
    <ToastContainer
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
