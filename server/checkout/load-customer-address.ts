import { eq } from "drizzle-orm";
import type { PostalAddress } from "../../core/checkout";
import type { Database } from "../db/client";
import { customerAddress } from "../db/schema";

/** The address the customer shipped to last or saved on the account page; null when none yet. */
export async function loadCustomerAddress(options: {
  db: Database;
  userId: string;
}): Promise<PostalAddress | null> {
  const [row] = await options.db
    .select({
      fullName: customerAddress.fullName,
      addressLine1: customerAddress.addressLine1,
      addressLine2: customerAddress.addressLine2,
      city: customerAddress.city,
      state: customerAddress.state,
      zipCode: customerAddress.zipCode,
      country: customerAddress.country,
    })
    .from(customerAddress)
    .where(eq(customerAddress.userId, options.userId));
  return row ?? null;
}
