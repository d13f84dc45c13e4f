CREATE TABLE `stream_unreadable` (
	`stream_id` integer NOT NULL,
	`node` text NOT NULL,
	`file` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`stream_id`, `node`),
	FOREIGN KEY (`stream_id`) REFERENCES `streams`(`id`) ON UPDATE no action ON DELETE cascade
);
