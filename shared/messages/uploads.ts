// The server's answers on resumable uploads (/api/uploads), for a person or a script to read.
export const UPLOADS = {
  notFound: "This upload is not here any more. It may have expired or been cancelled: start it again.",
  filenameRequired: "Name the file in the upload's metadata (filename).",
  lengthRequired: "Say the file's size when the upload starts (Upload-Length).",
  wrongOffset:
    "The upload has moved on from where this piece starts. Ask where it stands (HEAD) and go on from there.",
  pastTheEnd: "This piece goes past the end of the file declared when the upload started.",
  wrongPieceType: "Send each piece of the file as application/offset+octet-stream.",
  tusVersion: "Send the header Tus-Resumable: 1.0.0 with every upload request.",
  busy: "This upload is still receiving another piece. Try again in a moment.",
  finishing: "This upload is being checked and stored already.",
  refused: (detail: string) => `The upload request was not understood: ${detail}`,
} as const;
