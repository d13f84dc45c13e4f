CREATE TABLE "stream_leases" (
	"stream_id" integer PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"epoch" integer NOT NULL,
	"expires_at" bigint NOT NULL,
	"figures" jsonb,
	"acquired_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_leases" ADD CONSTRAINT "stream_leases_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_leases_node_idx" ON "stream_leases" USING btree ("node");