CREATE TABLE `stream_leases` (
	`stream_id` integer PRIMARY KEY NOT NULL,
	`node` text NOT NULL,
	`epoch` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`figures` text,
	`acquired_at` integer NOT NULL,
	FOREIGN KEY (`stream_id`) REFERENCES `streams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stream_leases_node_idx` ON `stream_leases` (`node`);