CREATE TABLE "product_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref_id" text NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"form_id" text NOT NULL,
	"email" text NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_requests_status_check" CHECK ("product_requests"."status" in ('received', 'contacted', 'proposal-sent', 'won', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"attached_to_type" text,
	"attached_to_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref_id" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"service_slug" text NOT NULL,
	"budget" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_requests_status_check" CHECK ("website_requests"."status" in ('received', 'in-review', 'matched', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "budget_type" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "budget_currency" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "budget_usd_low" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "budget_usd_high" double precision;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "project_duration" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "payment_type" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "hiring_decision" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "tool_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "service_requests"."title"), 'A') || setweight(to_tsvector('english', "service_requests"."summary"), 'B') || setweight(to_tsvector('simple', "service_requests"."search_text"), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_requests" ADD CONSTRAINT "product_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_requests" ADD CONSTRAINT "website_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_requests_ref_id_unique" ON "product_requests" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "product_requests_created_idx" ON "product_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_unique" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_attached_idx" ON "uploads" USING btree ("attached_to_type","attached_to_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_created_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "website_requests_ref_id_unique" ON "website_requests" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "website_requests_created_idx" ON "website_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_public_created_idx" ON "service_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('open', 'in-review');--> statement-breakpoint
CREATE INDEX "service_requests_public_family_created_idx" ON "service_requests" USING btree ("family","created_at" DESC NULLS LAST) WHERE status in ('open', 'in-review');--> statement-breakpoint
CREATE INDEX "service_requests_public_search_idx" ON "service_requests" USING gin ("search_vector") WHERE status in ('open', 'in-review');--> statement-breakpoint
CREATE INDEX "service_requests_public_words_trgm_idx" ON "service_requests" USING gin ((lower("title" || ' ' || "search_text")) gin_trgm_ops) WHERE status in ('open', 'in-review');--> statement-breakpoint
-- Requests posted before the job board columns existed: lift the same facts out of the answers
-- (every form names these fields alike); amounts in other currencies than USD stay unconverted.
UPDATE "service_requests" AS r SET
	"search_text" = trim(f."name" || ' ' || coalesce((SELECT s."name" FROM "catalogue_service_sub_families" AS s WHERE s."family_id" = f."id" AND s."slug" = r."sub_family"), '')),
	"project_duration" = r."answers"->>'projectDuration',
	"payment_type" = r."answers"->>'paymentType',
	"hiring_decision" = r."answers"->>'hiringDecision',
	"budget_type" = r."answers"->'budget'->>'type',
	"budget_currency" = r."answers"->'budget'->>'currency',
	"budget_usd_low" = CASE WHEN r."answers"->'budget'->>'currency' = 'USD' AND r."answers"->'budget'->>'type' <> 'not-sure' THEN coalesce(r."answers"->'budget'->>'min', r."answers"->'budget'->>'max')::double precision END,
	"budget_usd_high" = CASE WHEN r."answers"->'budget'->>'currency' = 'USD' AND r."answers"->'budget'->>'type' <> 'not-sure' THEN coalesce(r."answers"->'budget'->>'max', r."answers"->'budget'->>'min')::double precision END
FROM "catalogue_service_families" AS f
WHERE f."slug" = r."family";
