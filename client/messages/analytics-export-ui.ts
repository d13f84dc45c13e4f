// Texts of the analytics tab's export control and its one timeline.

export const EXPORT_UI = {
  title: "Export Data",
  subtitle: "Download the stored figures as a spreadsheet (CSV) or JSON.",
  kindLabel: "Data",
  fromLabel: "From",
  toLabel: "To",
  formatLabel: "Format",
  download: "Download",
  failed: "The export could not be prepared.",
  kinds: { sales: "Sales line items", players: "Daily players", wishlists: "Wishlists", reviews: "Reviews" },
  formats: { csv: "CSV (spreadsheet)", json: "JSON" },
} as const;

export const TIMELINE_UI = {
  title: "One Timeline",
  subtitle: "Revenue, players, wishlists and reviews on one date axis, with broadcasts and sales marked.",
  netRevenue: "Net revenue",
  playerPeak: "Player peak",
  wishlistAdds: "Wishlist adds",
  reviewPercent: "Reviews % positive",
  broadcast: "On air",
  saleEvent: "Sale",
  loadFailed: "The timeline could not be loaded.",
  broadcastTotal: (hours: string) => `${hours} h on air`,
  saleCount: (n: number) => (n === 1 ? "1 sale event" : `${n} sale events`),
  hours: (h: string) => `${h} h`,
  /** Where each series is read: every series has its own scale, so a small one never lies flat. */
  scales: {
    revenue: "left axis",
    players: "right axis",
    wishlists: "its own right axis",
    reviews: "bottom to top = 0–100 %",
    hours: "bar height, full = 24 h a day",
  },
} as const;
