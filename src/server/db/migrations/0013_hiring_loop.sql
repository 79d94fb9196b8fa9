CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_type" text NOT NULL,
	"cover_letter" text NOT NULL,
	"price_type" text NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"estimated_duration" text NOT NULL,
	"milestones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decline_reason" text,
	"gems_spent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('submitted', 'shortlisted', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "proposals_price_type_check" CHECK ("proposals"."price_type" in ('fixed', 'hourly')),
	CONSTRAINT "proposals_amount_check" CHECK ("proposals"."amount" > 0 and "proposals"."amount" <= 1000000),
	CONSTRAINT "proposals_gems_check" CHECK ("proposals"."gems_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "versigems_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "versigems_balances_balance_check" CHECK ("versigems_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "versigems_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference_kind" text,
	"reference_id" text,
	"reference_label" text,
	"balance_after" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "versigems_ledger_balance_check" CHECK ("versigems_ledger"."balance_after" >= 0),
	CONSTRAINT "versigems_ledger_delta_check" CHECK ("versigems_ledger"."delta" <> 0),
	CONSTRAINT "versigems_ledger_reason_check" CHECK ("versigems_ledger"."reason" in ('purchase', 'unlock', 'proposal', 'proposal-return', 'refund', 'adjustment', 'bonus'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "proposal_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versigems_balances" ADD CONSTRAINT "versigems_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versigems_ledger" ADD CONSTRAINT "versigems_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_request_provider_unique" ON "proposals" USING btree ("request_id","provider_id");--> statement-breakpoint
CREATE INDEX "proposals_provider_created_idx" ON "proposals" USING btree ("provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_request_created_idx" ON "proposals" USING btree ("request_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "versigems_ledger_user_created_idx" ON "versigems_ledger" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "versigems_ledger_idempotency_unique" ON "versigems_ledger" USING btree ("idempotency_key");