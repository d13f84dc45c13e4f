// Media tab texts, plus the server's refusals of uploads.
export const MEDIA = {
  tabEmptyTitle: "No Media Files",
  uploadFirst: "Upload First File",
  uploadButton: "Upload File",
  dialogTitle: "Upload Media File",
  upload: "Upload",
  cancel: "Cancel",
  view: "View",
  delete: "Delete",
  imageBadge: "Image",
  videoBadge: "Video",
  fileMissingBadge: "File missing",
  noFileTitle: "No file selected",
  noFileMessage: "Please select a media file to upload",
  confirmDelete: "Are you sure you want to delete this media file?",
  uploadSuccess: "Upload successful",
  uploadFailed: "Upload failed",
  uploadFailedFallback: "Failed to upload media file",
  deleted: "Deleted",
  deleteFailed: "Delete failed",
  deleteFailedFallback: "Failed to delete media file",
  deleteTitle: "Delete Media File",
  fileLabel: "Media File",
  uploading: "Uploading...",
  uploadedBy: (name: string, date: string) => `${name} · ${date}`,
  unknownUploader: "Unknown user",
  viewLabel: (name: string) => `View ${name}`,
  deleteLabel: (name: string) => `Delete ${name}`,
  hint: (video: readonly string[], image: readonly string[], max: string) =>
    `Supported formats: Video (${video.join(", ")}), Image (${image.join(", ")}). Maximum file size: ${max}`,
  /** 'X.XX MB of Y.YY MB' under the progress bar. */
  progressLoaded: (loaded: number, total: number) =>
    `${(loaded / 1024 ** 2).toFixed(2)} MB of ${(total / 1024 ** 2).toFixed(2)} MB`,
  // Server-side refusals (not in the spec's catalogue; the client shows them as the error text).
  unsupported: "Unsupported or unreadable media file",
  tooLarge: (max: string) => `File too large: the maximum is ${max}`,
  noFile: "No media file in the upload (field 'media')",
  projectIdRequired: "projectId is required",
  notMultipart: "Expected a multipart/form-data upload",
  interrupted: "The upload was interrupted",
  oneFileOnly: "Send exactly one file, in the field 'media'",
  tooManyFields: "The upload has too many form fields",
  diskFull:
    "The server is running out of disk space, so the file was not stored. Delete media you no longer need, or ask the administrator to free space, then try again.",
  mediaNotFound: "Media file not found",
  inUse: "This media file is used by a live stream; stop the stream before deleting it",
  rangeNotSatisfiable: "Requested range not satisfiable",
} as const;

/** The upload hint's lists and the 1 GB maximum, also the fallback when the config call fails. */
export const DEFAULT_MEDIA_CONFIG = {
  maxFileSize: 1024 ** 3,
  maxFileSizeFormatted: "1 GB",
  supportedExtensions: {
    video: ["MP4", "AVI", "MOV", "WMV", "FLV"],
    image: ["JPEG", "JPG", "PNG", "GIF", "WebP", "BMP", "TIFF"],
  },
} as const;
