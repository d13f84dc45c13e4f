// Media imported from a link: the Upload dialog's "From a link" texts and the server's refusals.
export const MEDIA_IMPORTS = {
  fromFile: "From a file",
  fromLink: "From a link",
  linkLabel: "Link",
  linkPlaceholder: "https://",
  linkHint:
    "A direct link to a video or image file, or a public Google Drive or Dropbox share link. The server downloads it.",
  importButton: "Import",
  importing: "Importing...",
  processing: "Checking the file...",
  cancelImport: "Cancel import",
  importStarted: "Import started",
  importDone: "Import finished",
  importFailed: "Import failed",
  importCancelled: "Import cancelled",
  runningTitle: "Imports",
  /** 'X.XX MB' when the server did not say how big the file is. */
  progressUnknownTotal: (loaded: number) => `${(loaded / 1024 ** 2).toFixed(2)} MB`,
  // Refusals and failures, shown as the error text.
  urlRequired: "Paste a link to a video or image file.",
  urlTooLong: (max: number) => `The link is too long: at most ${max} characters.`,
  notALink: "This is not a link. Paste one that starts with https:// or http://.",
  onlyHttp: "Only https:// and http:// links can be imported.",
  targetRefused:
    "This link points inside your network. Media can only be imported from public addresses.",
  unresolved: "The link's server could not be found.",
  unreachable: "The link's server could not be reached.",
  httpStatus: (status: number) => `The link's server answered with an error (HTTP ${status}).`,
  tooManyRedirects: "The link sends the download on to other addresses too many times.",
  badRedirect: "The link sends the download on to an address that cannot be imported.",
  stalled: "The link's server stopped sending the file, so the import was stopped.",
  webPage: "The link leads to a web page, not to a file. Use a direct download link.",
  driveConfirm:
    "Google Drive asks to confirm downloads of files this large, which the console cannot do. Share the file from Dropbox or give a direct link to it.",
  cancelled: "The import was cancelled.",
  interrupted: "The import stopped because its server stopped. Start it again.",
  notFound: "Import not found",
  tooLateToCancel: "The file is already being checked and can no longer be cancelled.",
  dismissed: "Removed from the list",
} as const;
