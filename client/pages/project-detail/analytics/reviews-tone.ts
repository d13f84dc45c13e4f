// Colour of Steam's review words: greens for the positive end, red for the negative, amber for Mixed.
export function reviewPalette(desc: string): string {
  if (/overwhelmingly positive|very positive/i.test(desc)) return "green";
  if (/positive/i.test(desc)) return "teal";
  if (/mixed/i.test(desc)) return "orange";
  if (/negative/i.test(desc)) return "red";
  return "gray";
}

export const signed = (n: number, digits = 0) =>
  `${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n).toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
