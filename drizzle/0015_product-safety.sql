ALTER TABLE "product" ADD COLUMN "manufacturer_name" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "manufacturer_address" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "manufacturer_email" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "eu_responsible_person" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "composition" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "care_instructions" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "safety_warnings" text;