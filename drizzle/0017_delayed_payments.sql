ALTER TABLE "order" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_method_label" text;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "payment_method_label" text;--> statement-breakpoint
ALTER TABLE "test_payment_session" ADD COLUMN "payment_method_type" text;--> statement-breakpoint
ALTER TABLE "test_payment_session" ADD COLUMN "iban_last4" text;--> statement-breakpoint
ALTER TABLE "test_payment_session" ADD COLUMN "delayed_outcome" text;