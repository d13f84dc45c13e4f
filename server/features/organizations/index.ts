// What other features may use of organizations: the name-matching and foreign-key helpers.
export { containsPattern, isForeignKeyError } from "./organizations";
