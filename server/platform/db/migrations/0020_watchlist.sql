CREATE TABLE `steam_app_states` (
	`app_id` integer NOT NULL,
	`source` text NOT NULL,
	`state` text NOT NULL,
	`checked_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `source`)
);
--> statement-breakpoint
CREATE TABLE `steam_price_days` (
	`app_id` integer NOT NULL,
	`date` text NOT NULL,
	`name` text NOT NULL,
	`is_free` integer NOT NULL,
	`currency` text,
	`initial_cents` integer,
	`final_cents` integer,
	`discount_percent` integer NOT NULL,
	`release_date` text,
	`coming_soon` integer NOT NULL,
	`genres` text NOT NULL,
	`sampled_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `watchlist_apps` (
	`project_id` integer NOT NULL,
	`app_id` integer NOT NULL,
	`name` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `app_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watchlist_apps_app_idx` ON `watchlist_apps` (`app_id`);