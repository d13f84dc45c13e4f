CREATE TABLE `nodes` (
	`name` text PRIMARY KEY NOT NULL,
	`max_streams` integer,
	`started_at` integer NOT NULL,
	`last_heartbeat_at` integer NOT NULL,
	`streams` integer DEFAULT 0 NOT NULL,
	`cpu_percent` real DEFAULT 0 NOT NULL,
	`rss_bytes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `streams` ADD `node` text;