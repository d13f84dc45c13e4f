CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`project_id` integer,
	`started_by` integer,
	`status` text NOT NULL,
	`dates_done` integer DEFAULT 0 NOT NULL,
	`dates_total` integer DEFAULT 0 NOT NULL,
	`records_found` integer DEFAULT 0 NOT NULL,
	`result` text,
	`error_message` text,
	`error_code` text,
	`error_details` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `jobs_key_status_idx` ON `jobs` (`key`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_project_idx` ON `jobs` (`project_id`);