// What other features may use of health: the span arithmetic the uptime report counts with.
export { intersect, union } from "./uptime-math";
