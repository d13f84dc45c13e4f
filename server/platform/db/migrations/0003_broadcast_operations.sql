CREATE TABLE `destination_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`destination_id` integer NOT NULL,
	`stream_id` integer NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`destination_id`) REFERENCES `destinations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `destination_failures_dest_idx` ON `destination_failures` (`destination_id`,`at`);--> statement-breakpoint
CREATE TABLE `destination_intents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`destination_id` integer NOT NULL,
	`source` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`destination_id`) REFERENCES `destinations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `destination_intents_dest_idx` ON `destination_intents` (`destination_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `health_samples` (
	`stream_id` integer NOT NULL,
	`at` integer NOT NULL,
	`span` integer NOT NULL,
	`bitrate_kbps` real NOT NULL,
	`bitrate_min` real NOT NULL,
	`bitrate_max` real NOT NULL,
	`fps` real NOT NULL,
	`fps_min` real NOT NULL,
	`fps_max` real NOT NULL,
	`speed` real NOT NULL,
	`dropped` integer NOT NULL,
	`dup` integer NOT NULL,
	FOREIGN KEY (`stream_id`) REFERENCES `streams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `health_samples_stream_at_idx` ON `health_samples` (`stream_id`,`at`);--> statement-breakpoint
CREATE TABLE `live_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stream_id` integer NOT NULL,
	`destination_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`destination_id`) REFERENCES `destinations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_runs_dest_idx` ON `live_runs` (`destination_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `live_runs_stream_idx` ON `live_runs` (`stream_id`);--> statement-breakpoint
CREATE TABLE `playlist_items` (
	`playlist_id` integer NOT NULL,
	`position` integer NOT NULL,
	`media_id` integer NOT NULL,
	PRIMARY KEY(`playlist_id`, `position`),
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playlist_items_media_idx` ON `playlist_items` (`media_id`);--> statement-breakpoint
CREATE TABLE `playlists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `playlists_project_idx` ON `playlists` (`project_id`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`destination_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`kind` text NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`days` text,
	`from_time` text,
	`to_time` text,
	`timezone` text,
	`media_id` integer,
	`playlist_id` integer,
	`held_until` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`destination_id`) REFERENCES `destinations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `schedules_destination_idx` ON `schedules` (`destination_id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` integer NOT NULL,
	`event` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`http_status` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_idx` ON `webhook_deliveries` (`webhook_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_pending_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`url` text NOT NULL,
	`format` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `webhooks_project_idx` ON `webhooks` (`project_id`);--> statement-breakpoint
-- drizzle-kit leaves out the ON DELETE of a column added to an existing table; history keeps the name when a playlist goes.
ALTER TABLE `streams` ADD `playlist_id` integer REFERENCES playlists(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `streams` ADD `playlist_name` text;--> statement-breakpoint
ALTER TABLE `streams` ADD `schedule_id` integer;