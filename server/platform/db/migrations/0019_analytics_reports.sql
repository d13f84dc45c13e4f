CREATE TABLE `analytics_anomalies` (
	`project_id` integer NOT NULL,
	`figure` text NOT NULL,
	`country` text NOT NULL,
	`date` text NOT NULL,
	`value` real NOT NULL,
	`median` real NOT NULL,
	`low` real NOT NULL,
	`high` real NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `figure`, `country`, `date`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_anomalies_project_sent_idx` ON `analytics_anomalies` (`project_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `analytics_digest_settings` (
	`project_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`time_zone` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_digests` (
	`project_id` integer NOT NULL,
	`week` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `week`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
