CREATE TABLE `store_page_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stream_id` integer NOT NULL,
	`destination_id` integer NOT NULL,
	`state` text NOT NULL,
	`app_id` integer,
	`app_title` text,
	`reason` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`stream_id`) REFERENCES `streams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`destination_id`) REFERENCES `destinations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_page_states_dest_idx` ON `store_page_states` (`destination_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `store_page_states_stream_idx` ON `store_page_states` (`stream_id`);