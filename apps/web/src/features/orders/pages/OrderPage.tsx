import { useParams } from 'react-router';
import { OrderScreen } from '../components/OrderDetail';

/** orders.show: one request or order in the portal. */
export function OrderPage() {
  const orderId = Number(useParams().orderId);
  return <OrderScreen key={orderId} side="client" orderId={orderId} />;
}

/** requests.show: one request or order in the back office. */
export function RequestPage() {
  const orderId = Number(useParams().orderId);
  return <OrderScreen key={orderId} side="staff" orderId={orderId} />;
}
