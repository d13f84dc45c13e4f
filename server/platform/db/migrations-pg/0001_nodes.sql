CREATE TABLE "nodes" (
	"name" text PRIMARY KEY NOT NULL,
	"max_streams" integer,
	"started_at" bigint NOT NULL,
	"last_heartbeat_at" bigint NOT NULL,
	"streams" integer DEFAULT 0 NOT NULL,
	"cpu_percent" double precision DEFAULT 0 NOT NULL,
	"rss_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "node" text;