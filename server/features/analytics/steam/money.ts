// Steam sends money as USD decimal strings ("9.9900", "-4.9950"). Floats would drift when summed, so
// they become integer cents at the edge, rounding half away from zero at the third decimal.

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export function usdToCents(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 100) : 0;
  if (typeof value !== "string") return 0;
  const m = DECIMAL.exec(value.trim());
  if (!m || (m[2] === "" && !m[3])) return 0;
  const sign = m[1] === "-" ? -1 : 1;
  const whole = Number(m[2] || "0");
  const frac = (m[3] ?? "").padEnd(3, "0");
  const cents = whole * 100 + Number(frac.slice(0, 2));
  const roundUp = Number(frac[2]) >= 5 ? 1 : 0;
  const result = sign * (cents + roundUp);
  return result === 0 ? 0 : result;
}

/** Integers that Steam sometimes sends as strings ("12"). */
export function toInt(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : typeof value === "number" ? value : 0;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}
