CREATE TABLE "stream_unreadable" (
	"stream_id" integer NOT NULL,
	"node" text NOT NULL,
	"file" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "stream_unreadable_stream_id_node_pk" PRIMARY KEY("stream_id","node")
);
--> statement-breakpoint
ALTER TABLE "stream_unreadable" ADD CONSTRAINT "stream_unreadable_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;