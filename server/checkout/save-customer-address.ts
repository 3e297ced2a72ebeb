import type { PostalAddress } from "../../core/checkout";
import { addressSchema } from "../../core/validation/shipping-form";
import { parseInput } from "../app-error";
import type { Database } from "../db/client";
import { customerAddress } from "../db/schema";

/**
 * Remembers the customer's shipping address (one per account, customer_address): after a shipping
 * step that made the order, and from the account page. The address is checked with the shipping
 * form's schema; a problem is thrown as an AppError with its message. The user id comes from the
 * session, never from the form, so a customer can only ever write their own.
 */
export async function saveCustomerAddress(options: {
  db: Database;
  userId: string;
  address: PostalAddress;
}): Promise<PostalAddress> {
  const address = parseInput(addressSchema, options.address, "address_invalid");
  await options.db
    .insert(customerAddress)
    .values({ userId: options.userId, ...address })
    .onConflictDoUpdate({ target: customerAddress.userId, set: { ...address, updatedAt: new Date() } });
  return address;
}
