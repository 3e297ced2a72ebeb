-- One open checkout per customer (issue 25): an unpaid order is reused by the next checkout instead
-- of a new one being made. Checkouts left over from before, not holding stock: the newest of each
-- customer stays open, the others are closed (they held nothing, so nothing is given back).
UPDATE "order" SET "status" = 'cancelled', "payment_status" = 'cancelled', "updated_at" = now()
WHERE "status" = 'pending' AND "payment_status" = 'pending' AND NOT "is_reserved" AND "user_id" IS NOT NULL
  AND "id" NOT IN (
    SELECT DISTINCT ON ("user_id") "id" FROM "order"
    WHERE "status" = 'pending' AND "payment_status" = 'pending' AND NOT "is_reserved" AND "user_id" IS NOT NULL
    ORDER BY "user_id", "created_at" DESC, "id" DESC
  );--> statement-breakpoint
DROP INDEX "order_checkout_key_idx";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "checkout_key";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "replaced_session_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_started_at" timestamp with time zone;--> statement-breakpoint
-- an order that had a payment page, or was paid, reached the payment step
UPDATE "order" SET "payment_started_at" = coalesce("paid_at", "updated_at")
WHERE "payment_session_id" IS NOT NULL OR "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_open_checkout_idx" ON "order" USING btree ("user_id") WHERE "order"."status" = 'pending' and "order"."payment_status" = 'pending' and not "order"."is_reserved";
