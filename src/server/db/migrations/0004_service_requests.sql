CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"family" text NOT NULL,
	"sub_family" text,
	"form_id" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"idempotency_key" text,
	"idempotency_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone,
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('open', 'in-review', 'awarded', 'completed', 'closed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_ref_id_unique" ON "service_requests" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_client_idempotency_unique" ON "service_requests" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "service_requests_client_created_idx" ON "service_requests" USING btree ("client_id","created_at" DESC NULLS LAST);