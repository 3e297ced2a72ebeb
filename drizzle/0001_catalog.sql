CREATE TABLE "product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"category" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_cents_nonnegative" CHECK ("product"."price_cents" >= 0),
	CONSTRAINT "product_stock_nonnegative" CHECK ("product"."stock" >= 0),
	CONSTRAINT "product_images_max_5" CHECK (coalesce(array_length("product"."images", 1), 0) <= 5)
);
--> statement-breakpoint
CREATE INDEX "product_featured_idx" ON "product" USING btree ("featured","created_at" DESC NULLS FIRST) WHERE "product"."featured";--> statement-breakpoint
CREATE INDEX "product_category_idx" ON "product" USING btree (lower("category"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_newest_idx" ON "product" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_price_idx" ON "product" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_description_trgm_idx" ON "product" USING gin ("description" gin_trgm_ops);