// Texts of the analytics export and the one timeline, shared by the server's refusals and the tab.

export const EXPORT = {
  kindInvalid: "Choose what to export: sales, players, wishlists or reviews.",
  formatInvalid: "Choose CSV or JSON.",
  dateInvalid: (name: string) => `The ${name} date must be a real date written YYYY-MM-DD.`,
  fromAfterTo: "The start date must be on or before the end date.",
  rangeTooLong: (maxDays: number) =>
    `An export covers at most ${maxDays} days (3 years). Choose a shorter range.`,
  noAppId: "Set this project's Steam App ID before exporting its analytics.",
  notAvailable: (kind: string) => `The ${kind} export is not available yet.`,
  // The tab's download control
  title: "Export Data",
  subtitle: "Download the stored figures as a spreadsheet (CSV) or JSON.",
  kindLabel: "Data",
  fromLabel: "From",
  toLabel: "To",
  formatLabel: "Format",
  download: "Download",
  preparing: "Preparing…",
  kinds: { sales: "Sales line items", players: "Daily players", wishlists: "Wishlists", reviews: "Reviews" },
  formats: { csv: "CSV (spreadsheet)", json: "JSON" },
} as const;

export const TIMELINE = {
  title: "One Timeline",
  subtitle: "Revenue, players, wishlists and reviews on one date axis, with broadcasts and sales marked.",
  netRevenue: "Net revenue",
  playerPeak: "Daily player peak",
  wishlistAdds: "Wishlist adds",
  reviewPercent: "Review % positive",
  broadcast: "Broadcast hours",
  saleEvent: "Sale",
  empty: "Nothing recorded in this period yet.",
  broadcastTotal: (hours: string) => `${hours} h broadcast in this period`,
  saleCount: (n: number) => (n === 1 ? "1 sale event" : `${n} sale events`),
} as const;

export const EXPORT_REFUSALS = {
  financialOff: "Turn on financial analytics for this project to export its sales or wishlists.",
} as const;
