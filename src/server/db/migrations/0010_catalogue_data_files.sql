CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_estimated_budgets" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_options" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_service_families" ADD COLUMN "icon" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_service_families" ADD COLUMN "services_page" jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_service_families" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_service_sub_families" ADD COLUMN "active" boolean DEFAULT true NOT NULL;