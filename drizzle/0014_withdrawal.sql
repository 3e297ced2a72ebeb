CREATE TABLE "withdrawal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"request_key" text NOT NULL,
	"consumer_name" text NOT NULL,
	"consumer_email" text NOT NULL,
	"statement" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_due_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "kind" text DEFAULT 'voluntary' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "proof_of_sending" text;--> statement-breakpoint
ALTER TABLE "return_request" ADD COLUMN "proof_of_sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_request_idx" ON "withdrawal" USING btree ("order_id","request_key");--> statement-breakpoint
CREATE INDEX "withdrawal_user_idx" ON "withdrawal" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawal_due_idx" ON "withdrawal" USING btree ("refund_due_at") WHERE "withdrawal"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_withdrawal_id_withdrawal_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_request_withdrawal_idx" ON "return_request" USING btree ("withdrawal_id");--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_withdrawal_kind" CHECK (("return_request"."kind" = 'withdrawal') = ("return_request"."withdrawal_id" is not null));--> statement-breakpoint
-- the reason a withdrawal's return carries; never offered in the voluntary return form (no reason is asked)
INSERT INTO "return_reason" ("code", "label", "position", "is_active") VALUES ('withdrawal', 'Withdrawal (14-day right)', 100, false) ON CONFLICT ("code") DO NOTHING;
