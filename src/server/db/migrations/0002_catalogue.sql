CREATE TABLE "catalogue_countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"calling_code" text NOT NULL,
	"subdivision_label" text
);
--> statement-breakpoint
CREATE TABLE "catalogue_country_states" (
	"country_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "catalogue_country_states_country_code_code_pk" PRIMARY KEY("country_code","code")
);
--> statement-breakpoint
CREATE TABLE "catalogue_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"minor_units" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_estimated_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"min" numeric NOT NULL,
	"max" numeric,
	"currency" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "catalogue_estimated_budgets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "catalogue_languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"native_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_service_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"search_name" text NOT NULL,
	CONSTRAINT "catalogue_service_families_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "catalogue_service_sub_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"search_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_name" text NOT NULL,
	CONSTRAINT "catalogue_tools_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "catalogue_country_states" ADD CONSTRAINT "catalogue_country_states_country_code_catalogue_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "catalogue_countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_service_sub_families" ADD CONSTRAINT "catalogue_service_sub_families_family_id_catalogue_service_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "catalogue_service_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_tools" ADD CONSTRAINT "catalogue_tools_category_id_catalogue_service_families_id_fk" FOREIGN KEY ("category_id") REFERENCES "catalogue_service_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_options_list_slug_unique" ON "catalogue_options" USING btree ("list","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_service_sub_families_family_slug_unique" ON "catalogue_service_sub_families" USING btree ("family_id","slug");--> statement-breakpoint
CREATE INDEX "catalogue_tools_category_idx" ON "catalogue_tools" USING btree ("category_id");