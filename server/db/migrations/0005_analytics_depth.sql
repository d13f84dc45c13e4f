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
ALTER TABLE `steam_sales` ADD `total_discount_percentage` real;