// What other features may use of media: the preparer that makes a file stream-copyable, where the
// files are kept, and the disk they take (for the dashboard).
export { MediaPreparer, needsPreparation } from "./preparation/media-preparation";
export { mediaPaths } from "./storage";
export { storageOverview } from "./storage-used";
