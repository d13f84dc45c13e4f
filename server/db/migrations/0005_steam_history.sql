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
-- Samples stored before this table existed are folded into it, so pruning them loses no daily peak.
INSERT INTO `steam_player_daily` (`app_id`, `date`, `peak`, `total`, `samples`)
SELECT `app_id`, strftime('%Y-%m-%d', `sampled_at` / 1000, 'unixepoch'), max(`player_count`), sum(`player_count`), count(*)
FROM `steam_player_samples` GROUP BY 1, 2;
