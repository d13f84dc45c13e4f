CREATE TABLE `leader_leases` (
	`role` text PRIMARY KEY NOT NULL,
	`node` text NOT NULL,
	`epoch` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`acquired_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `jobs` ADD `node` text;--> statement-breakpoint
UPDATE `jobs` SET `status` = 'interrupted' WHERE `status` IN ('queued', 'running') AND `id` NOT IN (SELECT max(`id`) FROM `jobs` WHERE `status` IN ('queued', 'running') GROUP BY `key`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_unfinished_key_idx` ON `jobs` (`key`) WHERE status in ('queued', 'running');--> statement-breakpoint
ALTER TABLE `nodes` ADD `down_reported_at` integer;