CREATE TABLE "leader_leases" (
	"role" text PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"epoch" integer NOT NULL,
	"expires_at" bigint NOT NULL,
	"acquired_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "node" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "down_reported_at" bigint;--> statement-breakpoint
UPDATE "jobs" SET "status" = 'interrupted' WHERE "status" IN ('queued', 'running') AND "id" NOT IN (SELECT max("id") FROM "jobs" WHERE "status" IN ('queued', 'running') GROUP BY "key");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unfinished_key_idx" ON "jobs" USING btree ("key") WHERE status in ('queued', 'running');