CREATE TABLE "customer_address" (
	"user_id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text NOT NULL,
	"country" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"sku_suffix" text,
	"position" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variant_stock_nonnegative" CHECK ("product_variant"."stock" >= 0),
	CONSTRAINT "product_variant_size_length" CHECK (length("product_variant"."size") between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refund_amount_positive" CHECK ("refund"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "customer_address" ADD CONSTRAINT "customer_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant" ADD CONSTRAINT "product_variant_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variant_size_idx" ON "product_variant" USING btree ("product_id","size");--> statement-breakpoint
CREATE INDEX "product_variant_product_idx" ON "product_variant" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variant_in_stock_idx" ON "product_variant" USING btree ("size","product_id") WHERE "product_variant"."stock" > 0 and "product_variant"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "refund_order_idx" ON "refund" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_variant_idx" ON "order_item" USING btree ("variant_id");--> statement-breakpoint
-- every existing product becomes one "One Size" variant with its current stock; its order items point at it
INSERT INTO "product_variant" ("product_id", "size", "position", "stock")
  SELECT "id", 'One Size', 0, "stock" FROM "product";--> statement-breakpoint
UPDATE "order_item" SET "size" = 'One Size',
  "variant_id" = (SELECT v."id" FROM "product_variant" v WHERE v."product_id" = "order_item"."product_id");--> statement-breakpoint
ALTER TABLE "order_item" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
-- product.stock is the sum of the stock of its sizes on sale, whoever writes them
CREATE FUNCTION "product_variant_stock_sum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product" SET "stock" = (
    SELECT coalesce(sum(v."stock"), 0) FROM "product_variant" v
    WHERE v."product_id" = "product"."id" AND v."retired_at" IS NULL
  )
  WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."product_id" ELSE NEW."product_id" END;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_variant_stock_sum"
  AFTER INSERT OR DELETE OR UPDATE OF "stock", "retired_at", "product_id" ON "product_variant"
  FOR EACH ROW EXECUTE FUNCTION "product_variant_stock_sum"();
