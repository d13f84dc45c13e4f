CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `media_preparations` ADD `node` text;--> statement-breakpoint
ALTER TABLE `media_preparations` ADD `claimed_until` integer;