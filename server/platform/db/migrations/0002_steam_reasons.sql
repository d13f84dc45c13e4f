ALTER TABLE `media_files` ADD `steam_reasons` text;--> statement-breakpoint
-- Files checked under the older, looser rule are converted before they go to Steam (their reasons stay null).
UPDATE `media_files` SET `steam_ready` = 0 WHERE `kind` = 'video';
