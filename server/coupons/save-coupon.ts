import { eq } from "drizzle-orm";
import { couponAdminMessages, couponFormSchema, isCouponId } from "../../core/validation/coupon-form";
import type { FormInput } from "../../core/validation/form-schema";
import { AppError, parseInput } from "../app-error";
import type { Database } from "../db/client";
import { type Coupon, coupon } from "../db/schema";

const UNIQUE_VIOLATION = "23505";

/**
 * True when PostgreSQL refused a duplicate code. Drizzle wraps the driver's error in a
 * DrizzleQueryError whose `cause` carries the SQLSTATE (pg and PGlite alike), so walk the chain.
 */
function isDuplicateCode(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || constraint === "coupon_code_unique";
    current = cause;
  }
  return false;
}

/**
 * Creates a coupon (no `id`) or rewrites an existing one. The form is checked with the same rules
 * as the dialog. Editing keeps usage_count and is_active; a usage limit below the uses already
 * made is allowed and simply exhausts the coupon.
 */
export async function saveCoupon(options: {
  db: Database;
  id?: string;
  /** The dialog's fields as submitted. */
  input: FormInput;
}): Promise<{ coupon: Coupon; created: boolean }> {
  const values = parseInput(couponFormSchema, options.input, "coupon_invalid");
  try {
    if (options.id === undefined) {
      const [created] = await options.db.insert(coupon).values(values).returning();
      if (!created) throw new Error("insert returned no row");
      return { coupon: created, created: true };
    }
    if (!isCouponId(options.id)) throw new AppError("coupon_not_found", couponAdminMessages.notFound, 404);
    const [updated] = await options.db
      .update(coupon)
      .set(values)
      .where(eq(coupon.id, options.id))
      .returning();
    if (!updated) throw new AppError("coupon_not_found", couponAdminMessages.notFound, 404);
    return { coupon: updated, created: false };
  } catch (error) {
    if (isDuplicateCode(error)) {
      throw new AppError("coupon_code_taken", couponAdminMessages.duplicateCode, 409, { cause: error });
    }
    throw error;
  }
}
