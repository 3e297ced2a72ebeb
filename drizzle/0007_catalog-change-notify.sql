-- Every committed change to what anonymous storefront pages show (products, their sizes and stock,
-- VAT rates) notifies the channel catalog_changed, so every app process drops its page cache
-- (server/http/page-cache.ts). Row triggers, so a statement that changes nothing (a sweep that
-- finds no expired reservation) notifies nobody; PostgreSQL folds the identical notifications of
-- one transaction into one and delivers it at commit, never for a rolled-back change.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_catalog_truncated" AFTER TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variant_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_variant"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variant_catalog_truncated" AFTER TRUNCATE ON "product_variant"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "tax_rate_catalog_changed" AFTER INSERT OR UPDATE OR DELETE ON "tax_rate"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "tax_rate_catalog_truncated" AFTER TRUNCATE ON "tax_rate"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
