CREATE TABLE "outgoing_email" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outgoing_email_due_idx" ON "outgoing_email" USING btree ("next_attempt_at") WHERE "outgoing_email"."sent_at" is null and "outgoing_email"."failed_at" is null;