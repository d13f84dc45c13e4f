CREATE TABLE `steam_refund_alerts` (
	`project_id` integer NOT NULL,
	`date` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `steam_sales_apps` (
	`app_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `steam_sales_bundles` (
	`bundle_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `steam_sales_countries` (
	`country_code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`region` text
);
--> statement-breakpoint
CREATE TABLE `steam_sales_discounts` (
	`combined_discount_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`total_discount_percentage` real,
	`discount_ids` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `steam_sales_packages` (
	`package_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `steam_player_daily` (
	`app_id` integer NOT NULL,
	`date` text NOT NULL,
	`peak` integer NOT NULL,
	`total` real NOT NULL,
	`samples` integer NOT NULL,
	PRIMARY KEY(`app_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `steam_player_peaks` (
	`app_id` integer PRIMARY KEY NOT NULL,
	`peak` integer NOT NULL,
	`peak_at` integer NOT NULL,
	`alerted_peak` integer NOT NULL,
	`alerted_at` integer
);
--> statement-breakpoint
CREATE TABLE `steam_review_days` (
	`app_id` integer NOT NULL,
	`date` text NOT NULL,
	`review_score` integer,
	`score_desc` text NOT NULL,
	`total_positive` integer NOT NULL,
	`total_negative` integer NOT NULL,
	`total_reviews` integer NOT NULL,
	`sampled_at` integer NOT NULL,
	`change_alerted_from` text,
	PRIMARY KEY(`app_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `steam_wishlist_apps` (
	`app_id` integer PRIMARY KEY NOT NULL,
	`app_min_date` text,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `steam_wishlist_countries` (
	`app_id` integer NOT NULL,
	`date` text NOT NULL,
	`country_code` text NOT NULL,
	`adds` integer DEFAULT 0 NOT NULL,
	`deletes` integer DEFAULT 0 NOT NULL,
	`purchases` integer DEFAULT 0 NOT NULL,
	`gifts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`app_id`, `date`, `country_code`)
);
--> statement-breakpoint
CREATE INDEX `steam_wishlist_countries_app_date_idx` ON `steam_wishlist_countries` (`app_id`,`date`);--> statement-breakpoint
CREATE TABLE `steam_wishlist_days` (
	`app_id` integer NOT NULL,
	`date` text NOT NULL,
	`adds` integer DEFAULT 0 NOT NULL,
	`deletes` integer DEFAULT 0 NOT NULL,
	`purchases` integer DEFAULT 0 NOT NULL,
	`gifts` integer DEFAULT 0 NOT NULL,
	`adds_windows` integer,
	`adds_mac` integer,
	`adds_linux` integer,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `wishlist_spike_alerts` (
	`project_id` integer NOT NULL,
	`date` text NOT NULL,
	`deletes` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `date`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `steam_sales` ADD `combined_discount_id` integer;--> statement-breakpoint
ALTER TABLE `steam_sales` ADD `total_discount_percentage` real;--> statement-breakpoint
-- Samples stored before this table existed are folded into it, so pruning them loses no daily peak.
INSERT INTO `steam_player_daily` (`app_id`, `date`, `peak`, `total`, `samples`)
SELECT `app_id`, strftime('%Y-%m-%d', `sampled_at` / 1000, 'unixepoch'), max(`player_count`), sum(`player_count`), count(*)
FROM `steam_player_samples` GROUP BY 1, 2;
