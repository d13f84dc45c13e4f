// The schedule refusals, as the server answers them (the dialog shows them as they come).
export const SCHEDULES = {
  notFound: "Schedule not found",
  forbidden: "Only admins, managers and developers can schedule broadcasts",
  kindRequired: "Give either starts_at and ends_at, or days, from, to and timezone",
  dateInvalid: "starts_at and ends_at must be ISO 8601 date-times with a time zone offset or Z",
  endBeforeStart: "The window must end after it starts",
  startInPast: "The window must end in the future",
  timezoneInvalid: "Unknown time zone",
  clockInvalid: "from and to must be times of day as HH:MM",
  emptyWindow: "from and to must differ",
  daysInvalid: "days must list at least one of sun, mon, tue, wed, thu, fri, sat",
  whatRequired: "Give either media_id or playlist_id",
  playlistUnknown: "Playlist not found in this project",
  overlap: "This window overlaps another window of this destination",
  windowTooLong: "A one-off window can last at most 31 days",
  mediaScheduled: (destination: string) =>
    `This media file is scheduled to stream on ${destination}; delete that broadcast window first`,
  playlistScheduled: (destination: string) =>
    `This playlist is scheduled to stream on ${destination}; delete that broadcast window first`,
} as const;
