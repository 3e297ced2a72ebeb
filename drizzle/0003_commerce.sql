CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "coupon" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"discount_type" text NOT NULL,
	"percent_basis_points" integer,
	"amount_off_cents" integer,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_code_unique" UNIQUE("code"),
	CONSTRAINT "coupon_code_upper" CHECK ("coupon"."code" = upper("coupon"."code") and length("coupon"."code") between 1 and 40),
	CONSTRAINT "coupon_discount_shape" CHECK (("coupon"."discount_type" = 'percentage' and "coupon"."percent_basis_points" between 1 and 10000 and "coupon"."amount_off_cents" is null)
        or ("coupon"."discount_type" = 'fixed' and "coupon"."amount_off_cents" > 0 and "coupon"."percent_basis_points" is null)),
	CONSTRAINT "coupon_minimum_nonnegative" CHECK ("coupon"."minimum_order_cents" >= 0),
	CONSTRAINT "coupon_usage_limit_positive" CHECK ("coupon"."usage_limit" is null or "coupon"."usage_limit" >= 1),
	CONSTRAINT "coupon_usage_count_nonnegative" CHECK ("coupon"."usage_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_usage_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "media_upload" (
	"image_id" text PRIMARY KEY NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text DEFAULT 'NOC-' || nextval('order_number_seq') NOT NULL,
	"user_id" text NOT NULL,
	"checkout_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"shipping_method" text NOT NULL,
	"shipping_cents" integer NOT NULL,
	"shipping_address" text NOT NULL,
	"shipping_note" text,
	"coupon_id" uuid,
	"coupon_code" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"tracking_code" text,
	"payment_session_id" text,
	"is_reserved" boolean DEFAULT false NOT NULL,
	"reserved_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"attention_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "order_payment_session_id_unique" UNIQUE("payment_session_id"),
	CONSTRAINT "order_money_consistent" CHECK ("order"."subtotal_cents" >= 0 and "order"."shipping_cents" >= 0 and "order"."discount_cents" between 0 and "order"."subtotal_cents"
        and "order"."total_cents" = "order"."subtotal_cents" + "order"."shipping_cents" - "order"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "order_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"product_image" text,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_item_quantity_positive" CHECK ("order_item"."quantity" > 0),
	CONSTRAINT "order_item_price_nonnegative" CHECK ("order_item"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text DEFAULT 'RCT-' || nextval('receipt_number_seq') NOT NULL,
	"order_id" uuid NOT NULL,
	"billing_email" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"provider_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "receipt_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "test_payment_session" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"line_items" jsonb NOT NULL,
	"customer_email" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"decline_message" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_usage" ADD CONSTRAINT "coupon_usage_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usage" ADD CONSTRAINT "coupon_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_usage" ADD CONSTRAINT "coupon_usage_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_upload" ADD CONSTRAINT "media_upload_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_session" ADD CONSTRAINT "test_payment_session_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_created_idx" ON "coupon" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_usage_coupon_idx" ON "coupon_usage" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "media_upload_created_idx" ON "media_upload" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_checkout_key_idx" ON "order" USING btree ("user_id","checkout_key");--> statement-breakpoint
CREATE INDEX "order_user_idx" ON "order" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_created_idx" ON "order" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_status_idx" ON "order" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_reserved_idx" ON "order" USING btree ("reserved_until") WHERE "order"."is_reserved" and "order"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_paid_at_idx" ON "order" USING btree ("paid_at") WHERE "order"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_item_product_idx" ON "order_item" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "receipt_created_idx" ON "receipt" USING btree ("created_at" DESC NULLS LAST);