CREATE SEQUENCE "public"."rma_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1;--> statement-breakpoint
CREATE TABLE "return_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"state" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_email" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_variant_id" uuid,
	"exchange_size" text,
	"condition" text,
	CONSTRAINT "return_item_quantity_positive" CHECK ("return_item"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_reason" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rma_number" text DEFAULT 'RMA-' || nextval('rma_number_seq') NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"state" text DEFAULT 'requested' NOT NULL,
	"resolution" text NOT NULL,
	"reason_code" text NOT NULL,
	"comment" text,
	"rejection_reason" text,
	"refund_cents" integer,
	"refund_tax_cents" integer,
	"refund_id" uuid,
	"refund_error" text,
	"replacement_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_request_rma_number_unique" UNIQUE("rma_number"),
	CONSTRAINT "return_request_refund_nonnegative" CHECK ("return_request"."refund_cents" is null or "return_request"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_payment_refund" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_refund_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "return_event" ADD CONSTRAINT "return_event_return_id_return_request_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_item" ADD CONSTRAINT "return_item_return_id_return_request_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_item" ADD CONSTRAINT "return_item_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_item" ADD CONSTRAINT "return_item_exchange_variant_id_product_variant_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_reason_code_return_reason_code_fk" FOREIGN KEY ("reason_code") REFERENCES "public"."return_reason"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_replacement_order_id_order_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_refund" ADD CONSTRAINT "test_payment_refund_session_id_test_payment_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_payment_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_event_return_idx" ON "return_event" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_item_line_idx" ON "return_item" USING btree ("return_id","order_item_id");--> statement-breakpoint
CREATE INDEX "return_item_order_item_idx" ON "return_item" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_request_order_idx" ON "return_request" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_request_user_idx" ON "return_request" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "return_request_state_idx" ON "return_request" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_request_created_idx" ON "return_request" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- the reasons a customer can give (kept as data: an admin may add, relabel or retire one in SQL)
INSERT INTO "return_reason" ("code", "label", "position") VALUES
	('too_small', 'Too small', 1),
	('too_large', 'Too large', 2),
	('not_as_pictured', 'Not as pictured', 3),
	('damaged', 'Arrived damaged or faulty', 4),
	('wrong_item', 'Wrong item sent', 5),
	('changed_mind', 'Changed my mind', 6),
	('other', 'Other', 7)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- orders delivered before this migration count their return window from their last change
UPDATE "order" SET "delivered_at" = "updated_at" WHERE "status" = 'delivered' AND "delivered_at" IS NULL;
