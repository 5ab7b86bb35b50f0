import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { OrderScreen } from '../components/OrderDetail';

// The back office's history button, kept out of the portal's chunk (this module serves both sides).
const HistoryPanel = lazy(async () => ({ default: (await import('../../../components/history/HistoryPanel')).HistoryPanel }));

/** orders.show: one request or order in the portal. */
export function OrderPage() {
  const orderId = Number(useParams().orderId);
  return <OrderScreen key={orderId} side="client" orderId={orderId} />;
}

/** requests.show: one request or order in the back office. */
export function RequestPage() {
  const orderId = Number(useParams().orderId);
  return (
    <OrderScreen
      key={orderId}
      side="staff"
      orderId={orderId}
      headerActions={
        <Suspense fallback={null}>
          <HistoryPanel subject="order" id={orderId} />
        </Suspense>
      }
    />
  );
}
