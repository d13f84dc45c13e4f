ALTER TABLE `media_preparations` ADD `node` text;--> statement-breakpoint
ALTER TABLE `media_preparations` ADD `claimed_until` integer;