CREATE TABLE "provider_tax_rate" (
	"provider" text NOT NULL,
	"country" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"provider_rate_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_tax_rate_provider_country_rate_basis_points_inclusive_pk" PRIMARY KEY("provider","country","rate_basis_points","inclusive")
);
--> statement-breakpoint
CREATE TABLE "tax_rate" (
	"country" text PRIMARY KEY NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"source" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rate_in_range" CHECK ("tax_rate"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_rate_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"previous_basis_points" integer NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"changed_by" text,
	"changed_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_money_consistent";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_summary" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "net_cents" integer;--> statement-breakpoint
-- orders placed before VAT: nothing was charged on top or taken out, so the net is what was paid
-- per line before the coupon (the order's tax_rate_basis_points stays null: "before VAT")
UPDATE "order_item" SET "net_cents" = "price_cents" * "quantity";--> statement-breakpoint
ALTER TABLE "order_item" ALTER COLUMN "net_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rate" ADD CONSTRAINT "tax_rate_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rate_change" ADD CONSTRAINT "tax_rate_change_country_tax_rate_country_fk" FOREIGN KEY ("country") REFERENCES "public"."tax_rate"("country") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rate_change" ADD CONSTRAINT "tax_rate_change_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_rate_change_created_idx" ON "tax_rate_change" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_tax_country_paid_idx" ON "order" USING btree ("tax_country","paid_at") WHERE "order"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_money_consistent" CHECK ("order"."subtotal_cents" >= 0 and "order"."shipping_cents" >= 0 and "order"."discount_cents" between 0 and "order"."subtotal_cents"
        and "order"."tax_cents" >= 0 and "order"."shipping_tax_cents" between 0 and "order"."tax_cents"
        and "order"."total_cents" = "order"."subtotal_cents" + "order"."shipping_cents" - "order"."discount_cents"
          + case when "order"."prices_include_tax" then 0 else "order"."tax_cents" end);--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_money_consistent" CHECK ("order_item"."discount_cents" between 0 and "order_item"."price_cents" * "order_item"."quantity" and "order_item"."net_cents" >= 0 and "order_item"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_tax_within_amount" CHECK ("refund"."tax_cents" between 0 and "refund"."amount_cents");