// What other features may use of media: the preparer that makes a file stream-copyable, and where
// the files are kept.
export { MediaPreparer, needsPreparation } from "./preparation/media-preparation";
export { mediaPaths } from "./storage";
