// Texts of the analytics screens and the dashboard's admin sync, plus the server's own messages for
// Steam calls.

export const ANALYTICS = {
  // Analytics tab
  title: "Game Analytics",
  appIdLabel: "App ID",
  appIdNotConfigured: "Steam App ID not configured",
  syncData: "Sync Data",
  refreshData: "Refresh Data",
  currentPlayers: "Current Players",
  peakPlayers: "Peak Players",
  achievements: "Achievements",
  recentNews: "Recent News",
  avgDailyPeak: "Avg Daily Peak",
  growthTrend: "Growth Trend",
  achievementRate: "Achievement Rate",
  playerChartTitle: "Player Count (30 days)",
  dailyRevenue: "Daily Revenue",
  totalRevenue: "Total Revenue",
  unitsSoldToday: "Units Sold Today",
  arpu: "ARPU",
  grossSales: "Gross Sales",
  returns: "Returns",
  netSales: "Net Sales",
  units: "Units",
  returnRate: "Return Rate",
  averageSalePrice: "Average Sale Price",
  revenueImpact: "Revenue Impact of Returns",
  financialDataManagement: "Financial Data Management",
  dataSummary: "Data Summary",
  coverage: "Coverage",
  lastUpdated: "Last Updated",
  never: "Never",
  projectNotFound: "Project Not Found",
  projectNotFoundText: "The project does not exist or you do not have access to it.",
  selectProject: "Select Project",
  fetchAllHistoryLabel: "Fetch All History (1 year)",
  fetchRecentLabel: "Fetch Recent (today + yesterday)",

  // Latest News
  latestNews: "Latest News",
  noNews: "No news articles available",

  // Failures
  loadFailed: "Failed to load analytics data",
  steamSyncFailed: "Failed to sync historical data",
  partnerAccessRequired: "Steam Partner API Access Required",
  financialFetchFailed: "Failed to fetch financial data",
  fetchRecentFailed: "Failed to fetch recent financial data",
  fetchAllFailed: "Failed to fetch all financial history",
  searchFailedTitle: "Search failed",
  searchFailed: "Unable to search Steam games",

  // Success notices ("historical sync started for N days", ...)
  steamSyncStarted: (days: number) => `Historical sync started for ${days} days`,
  financialSyncDone: (records: number) => `Fetched ${records} records from Steam Partner APIs`,
  fetchRecentDone: (records: number) => `Fetched ${records} recent records (today + yesterday)`,
  fetchAllDone: (records: number) => `Fetched ${records} records from Steam Partner APIs`,

  // Settings, Steam Analytics card
  steamCardTitle: "Steam Analytics",
  searchPlaceholder: "Search for a game by name",
  manualAppId: "Steam App ID",
  enableSteam: "Enable Steam Analytics",
  enableFinancial: "Enable Financial Analytics",
  enableFinancialHelp: "Real revenue, sales and ARPU from Steam partner APIs",
  advancedTesting: "Advanced Testing",
  saveChanges: "Save Changes",
  saving: "Saving...",
  settingsUpdated: "Settings updated",
  updateFailedTitle: "Update failed",
  updateFailed: "Failed to update analytics settings",

  // Test dialog
  testTitle: "Steam Financial API Testing",
  testAppId: "Steam App ID",
  testPartnerId: "Partner ID",
  testPartnerIdHint: "Optional, auto-detected",
  runTests: "Run API Tests",
  testAppIdRequired: "Please enter an App ID to test",
  apiConnection: "API Connection",
  troubleshooting: {
    forbidden: "403: you are not the owner of this app or not its publisher",
    unauthorized: "401: the Partner API key is invalid",
    badRequest: "400: the dates or parameters are wrong",
  },

  // Dashboard Admin Controls
  adminControls: "Admin Controls",
  financialDataSync: "Financial Data Sync",
  syncRecent: "Sync Recent (2 days)",
  syncMonthly: "Sync Monthly (30 days)",
  syncYearly: "Sync Yearly (52 weeks)",
  syncing: "Syncing...",
  systemMaintenance: "System Maintenance",
  analyticsExport: "Analytics Export",
  comingSoon: "Coming Soon",
  // Admin sync results
  syncCompleted: {
    yearly: "Yearly Data Sync Completed",
    monthly: "Monthly Data Sync Completed",
    recent: "Recent Data Sync Completed",
  },
  syncYearlySummary: (n: number, total: number) => `Processed ${n}/${total} apps with weekly chunks`,
  syncSummary: (n: number, total: number) => `Updated ${n}/${total} apps successfully`,
  financialSyncFailedTitle: "Financial Sync Failed",
  syncFailed: "Sync failed",

  // Server-side validation and Steam messages
  appIdInvalid: "Steam App ID must be a positive whole number",
  searchTooShort: "Search needs at least 2 characters",
  dateRangeInvalid: "dateRange must be recent, monthly or yearly",
  financialNeedsSteam: "Financial analytics needs Steam analytics to be enabled",
  steamNeedsAppId: "Enable Steam analytics only with a Steam App ID",
  steamNotEnabled: "Steam analytics is not enabled for this project",
  financialNotEnabled: "Financial analytics is not enabled for this project",
  noAppId: "This project has no Steam App ID",
  historyAccrues:
    "Steam has no player-count history: history accrues from sampling every few minutes from now on.",
} as const;

/** What the partner-API errors say, and what to do about them (AppError details.suggestions). */
export const PARTNER = {
  keyMissing: "No Steam Partner API key is configured on this server (STEAM_PARTNER_API_KEY)",
  keyRejected: (status: number) => `Steam rejected the Partner API key (HTTP ${status})`,
  keyNoPermission: "The Partner API key has no access to financial data (Steam answered an empty response)",
  suggestions: [
    "Create a Financial API Group key in the Steamworks partner site (Users & Permissions → Manage Groups)",
    "Set it as STEAM_PARTNER_API_KEY on the server and restart the console",
    "Make sure the key's group has the 'Financial API' permission and includes this app",
  ],
} as const;
