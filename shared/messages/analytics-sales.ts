// Sales breakdowns, sale events and refunds: refusals the server answers and names it gives.
export const SALES = {
  byInvalid: "Choose a breakdown by country, platform, package or discount.",
  unknownParam: "This address does not take that parameter.",
  financialOff: "Sales analytics are turned off for this project.",
  fullPrice: "Full price",
  unknownCountry: "Unknown country",
  unknownPlatform: "Other",
  unknownPackage: "Other",
  packageName: (id: number) => `Package ${id}`,
  bundleName: (id: number) => `Bundle ${id}`,
  discountName: (id: number) => `Discount ${id}`,
  depth: (percent: number) => `${percent}% off`,
  refundSpike: (date: string, returned: number, rate: number, baseline: number) =>
    `Refunds spiked on ${date}: ${returned} copies returned, ${rate}% of copies sold that day against a usual ${baseline}%.`,
} as const;
