// What other features may use of health: the span arithmetic the uptime report counts with, and the
// uptime figures of a period (the weekly digest tells each destination's).
export { computeUptime, intersect, union } from "./uptime-math";
