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
CREATE INDEX `live_runs_stream_idx` ON `live_runs` (`stream_id`);