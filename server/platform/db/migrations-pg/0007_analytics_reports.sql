CREATE TABLE "analytics_anomalies" (
	"project_id" integer NOT NULL,
	"figure" text NOT NULL,
	"country" text NOT NULL,
	"date" text NOT NULL,
	"value" double precision NOT NULL,
	"median" double precision NOT NULL,
	"low" double precision NOT NULL,
	"high" double precision NOT NULL,
	"sent_at" bigint NOT NULL,
	CONSTRAINT "analytics_anomalies_project_id_figure_country_date_pk" PRIMARY KEY("project_id","figure","country","date")
);
--> statement-breakpoint
CREATE TABLE "analytics_digest_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"time_zone" text
);
--> statement-breakpoint
CREATE TABLE "analytics_digests" (
	"project_id" integer NOT NULL,
	"week" text NOT NULL,
	"sent_at" bigint NOT NULL,
	CONSTRAINT "analytics_digests_project_id_week_pk" PRIMARY KEY("project_id","week")
);
--> statement-breakpoint
ALTER TABLE "analytics_anomalies" ADD CONSTRAINT "analytics_anomalies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_digest_settings" ADD CONSTRAINT "analytics_digest_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_digests" ADD CONSTRAINT "analytics_digests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_anomalies_project_sent_idx" ON "analytics_anomalies" USING btree ("project_id","sent_at");