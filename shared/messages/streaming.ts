// Every text of the Streaming page, its dialogs, toasts and refusals.
// Character for character; the server's 403 messages for stream work are these same strings.
export const STREAMING = {
  title: "Streaming",
  managingFor: (project: string) => `Managing streams for ${project}`,
  addDestination: "Add Destination",
  noProjectTitle: "No Project Selected",
  historyTitle: "Stream Activity History",
  clearAllEnded: "Clear All Ended",

  // Modals
  selectMediaTitle: "Select Media to Stream",
  limitTitle: "Stream Limit Reached",
  limitCurrent: (current: number, max: number | string) => `Current: ${current}/${max} streams`,
  limitAdvice: "Please stop an existing stream before starting a new one.",
  limitButton: "Understood",
  deleteRecordTitle: "Delete Stream Record",
  deleteRecordQuestion: (name: string) => `Are you sure you want to delete the stream record for "${name}"?`,
  cannotBeUndone: "This action cannot be undone.",
  clearEndedQuestion: "Are you sure you want to delete all ended streams? This action cannot be undone.",
  addDestinationTitle: "Add Stream Destination",

  // Add Destination form
  typeSteam: "Steam",
  typeCustom: "Custom RTMP",
  nameRequired: "Name is required",
  rtmpUrlRequired: "RTMP URL is required",
  rtmpUrlInvalid: "RTMP URL must be a valid URL",
  rtmpUrlScheme: "RTMP URL must start with rtmp:// or rtmps://",
  streamKeyTooLong: "Stream key is too long",
  rtmpUrlCharacters: "RTMP URL cannot contain spaces, control characters or text-direction marks",
  streamKeyCharacters: "Stream key cannot contain spaces, control characters or text-direction marks",
  /** A link-local or cloud metadata address (typed, or what the name resolves to): never an ingest. */
  rtmpUrlRefused:
    "This RTMP address points to a link-local or cloud metadata address, which is never a streaming server",
  typeInvalid: "Type must be steam or custom",

  // Toasts
  destinationCreatedTitle: "Destination created",
  destinationCreatedMessage: "Stream destination has been created successfully",
  createDestinationFailed: "Failed to create destination",
  unexpectedError: "An unexpected error occurred",
  updateDestinationFailed: "Failed to update destination",
  autorestartEnabled: "Auto-restart enabled",
  autorestartDisabled: "Auto-restart disabled",
  streamStartedTitle: "Stream started",
  streamStartedMessage: "Your stream has been started successfully!",
  startFailed: "Failed to start stream",
  streamStoppedTitle: "Stream stopped",
  streamStoppedMessage: "Your stream has been stopped successfully!",
  stopFailed: "Failed to stop stream",
  streamDeletedTitle: "Stream deleted",
  streamDeletedMessage: "Stream record has been deleted successfully!",
  deleteFailed: "Failed to delete stream",
  clearedTitle: "Success",
  clearedMessage: (n: number) => `Successfully deleted ${n} ended streams`,
  clearFailedTitle: "Error",
  clearFailedMessage: "Failed to clear ended streams",

  // 403 texts: the server answers these for the matching refusals.
  forbiddenCreateDestination:
    "Access denied: You do not have permission to create destinations for this project.",
  forbiddenStart: "You do not have permission to start streams for this media.",
  forbiddenStop: "You do not have permission to stop this stream.",
  forbiddenDelete: "You do not have permission to delete this stream.",

  // "Check connection": an RTMP handshake with the ingest, without publishing.
  checkOk: (ms: number) => `The ingest answered as an RTMP server (${ms} ms). Nothing was published.`,
  checkBlocked: "This address points at a reserved network range the console does not connect to.",
  checkUnresolved: "The server name in the RTMP URL could not be found.",
  checkRefused: "Nothing is accepting connections at that address and port.",
  checkTimeout: "The ingest did not answer within 5 seconds.",
  checkNotRtmp: "Something answered at that address, but not as an RTMP server.",

  // Server refusals not spelled out by the spec.
  forbiddenManageDestination: "You do not have permission to manage destinations for this project.",
  forbiddenClearEnded: "Only administrators can clear ended streams.",
  clearEndedScope:
    "Say which ended streams to clear: projectId for one project, or scope=all for every project (not both).",
  limitReached: "Maximum concurrent streams limit reached",
  destinationBusy: "This destination already has a live stream",
  destinationNotFound: "Destination not found",
  streamNotFound: "Stream not found",
  playlistNotFound: "The playlist was deleted or has no videos left",
  mediaOrPlaylist: "Choose either a media file or a playlist to stream",
  mediaNotFound: "Media file not found",
  mediaNotVideo: "Only video files can be streamed",
  mediaOtherProject: "The media file belongs to another project",
  rtmpCredentialsAgain:
    "Type the user name and password of the RTMP URL again: saved ones stay with their server",
  mediaFileMissing: "The media file is missing on disk",
  mediaFileMissingStart: "This media file is no longer on the server. Upload it again to stream it.",
  streamStillLive: "Only stopped or failed streams can be deleted",
  streamNotLive: "The stream is not running",
  stoppedOnRestart: "Stopped: the server restarted while this stream was live",
  stalled: "No new frame for 30 seconds: stream stalled",
  /** The ingest turned the publish away: a bad or revoked key, or a name it does not take. */
  keyRefused: "The ingest refused the stream key",
  tlsUnverified: "The ingest's TLS certificate could not be verified",
  reconnectHoursInvalid: "The reconnect interval must be a whole number of hours from 1 to 168",
  caFileInvalid: "CA file must be an absolute path on the server, without control characters",
  caFileMissing: "CA file was not found on the server",
  caFileNotCertificate: "CA file does not hold a certificate in PEM form",
  caFileNeedsRtmps: "A CA file applies only to rtmps:// addresses",
  preparationFailed: "The media file could not be prepared for streaming",
  preparationNoSpace:
    "The server is running out of disk space, so the media file could not be prepared for streaming",
} as const;

/**
 * Badge words beyond the five statuses, for what the status alone misreads: a stream retrying after
 * failures is still "starting" to the server, and a run stopped before it ever sent a frame is "stopped".
 */
export const STREAM_STATE_WORDS = {
  reconnecting: "Reconnecting",
  never_connected: "Never connected",
} as const;

/** Status badge colours: Chakra colour palettes. */
export const STREAM_STATUS_COLORS = {
  running: "green",
  starting: "yellow",
  stopping: "orange",
  stopped: "gray",
  error: "red",
  reconnecting: "red",
  never_connected: "red",
} as const;

export const STEAM_INGEST_URL = "rtmp://ingest-rtmp.broadcast.steamcontent.com/app";
