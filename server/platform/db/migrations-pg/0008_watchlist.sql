CREATE TABLE "steam_app_states" (
	"app_id" integer NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"checked_at" bigint NOT NULL,
	CONSTRAINT "steam_app_states_app_id_source_pk" PRIMARY KEY("app_id","source")
);
--> statement-breakpoint
CREATE TABLE "steam_price_days" (
	"app_id" integer NOT NULL,
	"date" text NOT NULL,
	"name" text NOT NULL,
	"is_free" boolean NOT NULL,
	"currency" text,
	"initial_cents" integer,
	"final_cents" integer,
	"discount_percent" integer NOT NULL,
	"release_date" text,
	"coming_soon" boolean NOT NULL,
	"genres" text NOT NULL,
	"sampled_at" bigint NOT NULL,
	CONSTRAINT "steam_price_days_app_id_date_pk" PRIMARY KEY("app_id","date")
);
--> statement-breakpoint
CREATE TABLE "watchlist_apps" (
	"project_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"name" text NOT NULL,
	"added_at" bigint NOT NULL,
	CONSTRAINT "watchlist_apps_project_id_app_id_pk" PRIMARY KEY("project_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "watchlist_apps" ADD CONSTRAINT "watchlist_apps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_apps_app_idx" ON "watchlist_apps" USING btree ("app_id");