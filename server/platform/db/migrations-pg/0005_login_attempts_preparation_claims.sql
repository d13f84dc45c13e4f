CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_preparations" ADD COLUMN "node" text;--> statement-breakpoint
ALTER TABLE "media_preparations" ADD COLUMN "claimed_until" bigint;