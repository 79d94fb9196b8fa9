CREATE TABLE "business_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"city" text NOT NULL,
	"is_headquarters" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_type" text NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_id" uuid,
	"tagline" text,
	"leads_type" text,
	"leads_country" text,
	"leads_state" text,
	"listed_at" timestamp with time zone,
	"service_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_employees" text,
	"minimum_project_size" text,
	"average_hourly_rate" text,
	"hourly_rate_usd" integer,
	"minimum_project_usd" integer,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_average" double precision,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "profiles"."search_text")) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_leads_type_check" CHECK ("profiles"."leads_type" in ('worldwide', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "provider_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"title" text NOT NULL,
	"project_size" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"rating" integer,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response" jsonb,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_references_kind_check" CHECK ("provider_references"."kind" in ('review', 'reference')),
	CONSTRAINT "provider_references_status_check" CHECK ("provider_references"."status" in ('pending', 'submitted', 'expired')),
	CONSTRAINT "provider_references_rating_check" CHECK ("provider_references"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"sub_families" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_services_user_id_family_pk" PRIMARY KEY("user_id","family")
);
--> statement-breakpoint
ALTER TABLE "business_locations" ADD CONSTRAINT "business_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_image_id_uploads_id_fk" FOREIGN KEY ("image_id") REFERENCES "uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_projects" ADD CONSTRAINT "provider_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_references" ADD CONSTRAINT "provider_references_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_locations_user_idx" ON "business_locations" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "business_locations_one_headquarters" ON "business_locations" USING btree ("user_id") WHERE is_headquarters;--> statement-breakpoint
CREATE INDEX "profiles_listed_idx" ON "profiles" USING btree ("account_type","listed_at" DESC NULLS LAST,"user_id") WHERE listed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_listed_services_idx" ON "profiles" USING gin ("service_slugs") WHERE listed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_listed_countries_idx" ON "profiles" USING gin ("countries") WHERE listed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_listed_search_idx" ON "profiles" USING gin ("search_vector") WHERE listed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_projects_user_family_idx" ON "provider_projects" USING btree ("user_id","family","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "provider_references_token_unique" ON "provider_references" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provider_references_provider_idx" ON "provider_references" USING btree ("provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "provider_services_one_primary" ON "provider_services" USING btree ("user_id") WHERE is_primary;--> statement-breakpoint
CREATE INDEX "provider_services_family_idx" ON "provider_services" USING btree ("family");