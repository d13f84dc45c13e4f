// Client-only texts of the analytics screens that shared/messages/analytics.ts (the texts
// shared with the server) does not hold: hints, legends and labels that are ours to word.
// Never repeat a string from shared/messages/analytics.ts here; import it from there.

export const ANALYTICS_UI = {
  disabledNotice: "Steam analytics are not enabled for this project.",
  disabledHint: "Connect the game's store page in the project settings to start sampling players.",
  openSettings: "Open Settings",
  period: "Period",
  periodOption: (days: number) => `Last ${days} days`,
  noDataTitle: "No analytics data yet",
  noDataHint: "Sync once to take the first player sample; history accrues from sampling every few minutes.",
  lastSync: "Last sync",
  rightNow: "playing right now",
  inPeriod: (days: number) => `highest in ${days} days`,
  onStore: "on the store",
  newsHint: "news posts on Steam",
  perDay: "per day in the period",
  trendHint: "daily peaks, period over period",
  unlockHint: "average global unlock rate",
  trendUp: "Up",
  trendDown: "Down",
  trendStable: "Stable",
  retry: "Try again",
} as const;

export const PLAYER_CHART_UI = {
  dailyPeak: "Daily peak",
  peak24h: "24h peak",
  today: "Today",
  current: "Current",
  empty: "No player samples in the last 30 days",
  /** The chart is the last 30 days whatever period is chosen above: said, so it is not misread. */
  fixedPeriod: "Always the last 30 days, whatever the period chosen above.",
} as const;

export const FINANCIAL_UI = {
  heading: "Revenue & Sales",
  subheading: "From Steam's partner financial API, in USD",
  dailyHint: (date: string) => `net, ${date}`,
  noSalesYet: "no sales recorded yet",
  totalHint: (days: number) => `net, last ${days} days`,
  unitsHint: (total: string) => `${total} net units in the period`,
  // Steam reports copies, not buyers: the card the spec calls ARPU is net revenue per copy.
  arpuHint: "Net revenue per copy sold (net ÷ net units)",
  tax: "Tax",
  breakdown: "Sales Breakdown",
  unitsSold: "Units Sold",
  unitsReturned: "Units Returned",
  netUnits: "Net Units",
  revenue: "Revenue",
  revenueChartHint: "Net revenue per day",
  unitsChartHint: "Net units per day",
  noSales: "No sales in this period",
  noSalesHint: (days: number) =>
    `Steam reports no sales or returns for this game in the last ${days} days. Sync to pull the latest.`,
  managementHint: "Pull line items from Steam's partner API. Re-syncing the same dates never double-counts.",
  syncPeriod: (days: number) => `Sync Last ${days} Days`,
  testApi: "Test Financial API",
  coverageValue: (withSales: number, days: number) => `${withSales} of ${days} days`,
  revenueTrend: "Revenue trend",
  dateRange: "Date range",
} as const;

export const SYNC_NOTICES_UI = {
  syncStartedTitle: "Sync started",
  financialSyncTitle: "Financial data synced",
  fetchedTitle: "Financial data fetched",
  /** Partner-access suggestions are joined by bullets. */
  bullet: " • ",
} as const;

export const API_TEST_UI = {
  intro:
    "Checks the partner key, the changed-dates feed, detailed sales and whether the app appears in the data.",
  running: "Running...",
  results: "Results",
  passedCount: (n: number, total: number) => `${n}/${total} passed`,
  pass: "Pass",
  fail: "Fail",
  resultsCount: (n: number) => `${n} results`,
  troubleshooting: "Troubleshooting",
  close: "Done",
} as const;

export const STEAM_SETTINGS_UI = {
  subtitle: "Connect this project to its Steam store page.",
  searchLabel: "Find your game",
  searchHint: "Type at least 2 characters",
  noResults: "No games found",
  appIdPlaceholder: "e.g. 620",
  appIdHint: "The number in the store page URL",
  chosenAppId: (id: number) => `App ID ${id}`,
  clearGame: "Clear selected game",
  enableSteamHint: "Sample player counts, achievements and news",
  partnerKeyMissing: "No partner API key is configured on this server yet.",
} as const;

export const LATEST_NEWS_UI = {
  count: (n: number) => `${n} ${n === 1 ? "article" : "articles"}`,
  refresh: "Refresh news",
  views: (n: string) => `${n} views`,
  comments: (n: string) => `${n} comments`,
  likes: (n: string) => `${n} likes`,
} as const;

export const ADMIN_CONTROLS_UI = {
  subtitle: "System-wide operations",
  adminBadge: "Admin only",
  financialSyncHint: "Pull partner sales for every app with financial analytics enabled.",
  noteIdle: "The result of the last sync appears here.",
  maintenanceHint: "Database cleanup, log rotation and health checks.",
  exportHint: "CSV and JSON exports of player and sales data.",
} as const;
