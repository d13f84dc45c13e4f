ALTER TABLE "media_preparations" ADD COLUMN "node" text;--> statement-breakpoint
ALTER TABLE "media_preparations" ADD COLUMN "claimed_until" bigint;