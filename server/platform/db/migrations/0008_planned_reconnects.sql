ALTER TABLE `destinations` ADD `reconnect_hours` integer;--> statement-breakpoint
ALTER TABLE `streams` ADD `planned_reconnects` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `streams` ADD `last_planned_reconnect_at` integer;