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
ALTER TABLE `steam_sales` ADD `combined_discount_id` integer;--> statement-breakpoint
ALTER TABLE `steam_sales` ADD `total_discount_percentage` real;