-- Videos judged ready before the loop-seam rule may stumble at every loop: they are converted before they go to Steam (their reasons stay null until uploaded again).
UPDATE `media_files` SET `steam_ready` = 0, `steam_reasons` = NULL WHERE `kind` = 'video' AND `steam_ready` = 1;
