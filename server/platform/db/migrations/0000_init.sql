CREATE TABLE `organizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_slug_unique` ON `organizations` (`slug`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`url` text,
	`org_id` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`steam_app_id` integer,
	`steam_analytics_enabled` integer DEFAULT false NOT NULL,
	`financial_analytics_enabled` integer DEFAULT false NOT NULL,
	`steam_last_sync` integer,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `projects_org_idx` ON `projects` (`org_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'developer' NOT NULL,
	`org_id` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`auth_provider` text DEFAULT 'local' NOT NULL,
	`last_login` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_org_idx` ON `users` (`org_id`);--> statement-breakpoint
CREATE TABLE `media_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`original_name` text NOT NULL,
	`stored_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`kind` text NOT NULL,
	`duration_seconds` real,
	`width` integer,
	`height` integer,
	`video_codec` text,
	`audio_codec` text,
	`bitrate` integer,
	`frame_rate` real,
	`keyframe_interval` real,
	`steam_ready` integer DEFAULT false NOT NULL,
	`poster_name` text,
	`uploaded_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_files_stored_name_unique` ON `media_files` (`stored_name`);--> statement-breakpoint
CREATE INDEX `media_project_idx` ON `media_files` (`project_id`);--> statement-breakpoint
CREATE TABLE `steam_app_cache` (
	`app_id` integer PRIMARY KEY NOT NULL,
	`name` text,
	`achievement_count` integer,
	`achievement_avg_percent` real,
	`achievements_fetched_at` integer,
	`news_fetched_at` integer
);
--> statement-breakpoint
CREATE TABLE `steam_news` (
	`app_id` integer NOT NULL,
	`gid` text NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`feedlabel` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`published_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `gid`)
);
--> statement-breakpoint
CREATE INDEX `steam_news_app_time_idx` ON `steam_news` (`app_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `steam_partner_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`highwatermark` text DEFAULT '0' NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE TABLE `steam_player_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`app_id` integer NOT NULL,
	`sampled_at` integer NOT NULL,
	`player_count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `steam_samples_app_time_idx` ON `steam_player_samples` (`app_id`,`sampled_at`);--> statement-breakpoint
CREATE TABLE `steam_sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`primary_app_id` integer NOT NULL,
	`app_id` integer,
	`package_id` integer,
	`bundle_id` integer,
	`line_item_type` text DEFAULT '' NOT NULL,
	`platform` text,
	`country_code` text,
	`currency` text,
	`gross_units_sold` integer DEFAULT 0 NOT NULL,
	`gross_units_returned` integer DEFAULT 0 NOT NULL,
	`gross_units_activated` integer DEFAULT 0 NOT NULL,
	`net_units_sold` integer DEFAULT 0 NOT NULL,
	`gross_sales_cents` integer DEFAULT 0 NOT NULL,
	`gross_returns_cents` integer DEFAULT 0 NOT NULL,
	`net_tax_cents` integer DEFAULT 0 NOT NULL,
	`net_sales_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `steam_sales_app_date_idx` ON `steam_sales` (`primary_app_id`,`date`);--> statement-breakpoint
CREATE INDEX `steam_sales_date_idx` ON `steam_sales` (`date`);--> statement-breakpoint
CREATE TABLE `steam_sales_dates` (
	`date` text PRIMARY KEY NOT NULL,
	`changed_at` integer,
	`fetched_at` integer,
	`row_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `destinations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'steam' NOT NULL,
	`rtmp_url` text NOT NULL,
	`stream_key` text DEFAULT '' NOT NULL,
	`autorestart` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `destinations_project_idx` ON `destinations` (`project_id`);--> statement-breakpoint
CREATE TABLE `media_preparations` (
	`media_id` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`percent` real DEFAULT 0 NOT NULL,
	`output_name` text,
	`error` text,
	`pid` integer,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `streams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`destination_id` integer,
	`media_id` integer,
	`media_name` text NOT NULL,
	`media_size` integer DEFAULT 0 NOT NULL,
	`destination_name` text NOT NULL,
	`destination_type` text NOT NULL,
	`status` text DEFAULT 'starting' NOT NULL,
	`pid` integer,
	`error_count` integer DEFAULT 0 NOT NULL,
	`last_error_message` text,
	`last_error_time` integer,
	`started_by` integer,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`stopped_at` integer,
	`resume_on_start` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`destination_id`) REFERENCES `destinations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`media_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `streams_project_idx` ON `streams` (`project_id`);--> statement-breakpoint
CREATE INDEX `streams_status_idx` ON `streams` (`status`);