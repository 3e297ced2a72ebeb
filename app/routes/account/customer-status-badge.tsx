import { StatusBadge } from "~/components/status-badge";
import { customerStatusLabel, customerStatusTone } from "../../../core/order";
import type { CustomerOrder } from "../../../server/orders/list-customer-orders";

/** The order's status as the customer reads it ("Awaiting payment", "Delivered"). */
export function CustomerStatusBadge({ order }: { order: CustomerOrder }) {
  return (
    <StatusBadge
      status={order.status}
      label={customerStatusLabel(order)}
      tone={customerStatusTone(order.status)}
    />
  );
}
