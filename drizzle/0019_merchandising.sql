CREATE TABLE "product_color" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"swatch" text,
	"position" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_color_name_length" CHECK (length("product_color"."name") between 1 and 30),
	CONSTRAINT "product_color_slug_format" CHECK ("product_color"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "product_color_images_max_5" CHECK (coalesce(array_length("product_color"."images", 1), 0) <= 5)
);
--> statement-breakpoint
CREATE TABLE "product_price_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
CREATE TABLE "stock_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alert_confirm_token_hash_unique" UNIQUE("confirm_token_hash")
);
--> statement-breakpoint
DROP INDEX "product_variant_size_idx";--> statement-breakpoint
DROP INDEX "product_category_price_idx";--> statement-breakpoint
DROP INDEX "product_price_idx";--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "current_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variant" ADD COLUMN "color_id" uuid;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "product_color" ADD CONSTRAINT "product_color_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_change" ADD CONSTRAINT "product_price_change_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_change" ADD CONSTRAINT "product_price_change_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alert" ADD CONSTRAINT "stock_alert_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alert" ADD CONSTRAINT "stock_alert_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_color_slug_idx" ON "product_color" USING btree ("product_id","slug");--> statement-breakpoint
CREATE INDEX "product_color_product_idx" ON "product_color" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_color_filter_idx" ON "product_color" USING btree ("slug","product_id") WHERE "product_color"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "product_price_change_product_idx" ON "product_price_change" USING btree ("product_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alert_waiting_idx" ON "stock_alert" USING btree ("variant_id",lower("email")) WHERE "stock_alert"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alert_confirmed_idx" ON "stock_alert" USING btree ("variant_id") WHERE "stock_alert"."confirmed_at" is not null and "stock_alert"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alert_email_idx" ON "stock_alert" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "stock_alert_user_idx" ON "stock_alert" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "product_variant" ADD CONSTRAINT "product_variant_color_id_product_color_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."product_color"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_on_sale_idx" ON "product" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "product"."current_price_cents" < "product"."price_cents";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variant_color_size_idx" ON "product_variant" USING btree ("product_id",coalesce("color_id", '00000000-0000-0000-0000-000000000000'::uuid),"size");--> statement-breakpoint
CREATE INDEX "product_variant_color_idx" ON "product_variant" USING btree ("color_id");--> statement-breakpoint
CREATE INDEX "product_category_price_idx" ON "product" USING btree (lower("category"),"current_price_cents","id");--> statement-breakpoint
CREATE INDEX "product_price_idx" ON "product" USING btree ("current_price_cents","id");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_sale_price_below_regular" CHECK ("product"."sale_price_cents" is null or ("product"."sale_price_cents" >= 0 and "product"."sale_price_cents" < "product"."price_cents"));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_sale_window_order" CHECK ("product"."sale_starts_at" is null or "product"."sale_ends_at" is null or "product"."sale_ends_at" > "product"."sale_starts_at");--> statement-breakpoint
-- the price history starts with the price every existing product has had since it was created
INSERT INTO "product_price_change" ("product_id", "price_cents", "changed_at")
  SELECT "id", "price_cents", "created_at" FROM "product";--> statement-breakpoint
-- colours are part of what storefront pages show (0007_catalog-change-notify.sql)
CREATE TRIGGER "product_color_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_color"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_color_catalog_truncated" AFTER TRUNCATE ON "product_color"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
-- current_price_cents is the price in force at the moment of the write (the transaction's now()):
-- the sale price inside its window, else the regular price (core/sale-price.ts says the same rule)
CREATE FUNCTION "product_current_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."current_price_cents" := CASE
    WHEN NEW."sale_price_cents" IS NOT NULL
      AND (NEW."sale_starts_at" IS NULL OR NEW."sale_starts_at" <= now())
      AND (NEW."sale_ends_at" IS NULL OR NEW."sale_ends_at" > now())
    THEN NEW."sale_price_cents"
    ELSE NEW."price_cents"
  END;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_current_price" BEFORE INSERT OR UPDATE ON "product"
  FOR EACH ROW EXECUTE FUNCTION "product_current_price"();
--> statement-breakpoint
UPDATE "product" SET "current_price_cents" = "price_cents";
