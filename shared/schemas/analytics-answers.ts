// What the analytics calls answer: the shapes the server builds and the screens read.

export type Trend = "up" | "down" | "stable" | number;

export interface NewsItem {
  gid: string;
  title: string;
  url: string;
  author: string;
  feedlabel: string;
  /** ISO time. */
  published_date: string;
  /** Plain-text excerpt (Steam sends BBCode/HTML; tags are stripped). */
  excerpt: string;
  /** Steam's news API has no view, comment or like counts: always null, kept for the spec's shape. */
  views: number | null;
  comments: number | null;
  likes: number | null;
}
export interface NewsResponse {
  summary: { totalArticles: number; fetchedAt: string | null };
  newsItems: NewsItem[];
}

export interface PlayerMetric {
  /** YYYY-MM-DD (UTC). Every day of the period appears, oldest first; `samples` 0 means no data. */
  date: string;
  dailyPeak: number;
  /** Highest sample in the 24 h ending at the end of that day (or now, for today): >= dailyPeak. */
  peak24h: number;
  /** The day's last sample. */
  current: number;
  samples: number;
}

export interface FinancialOverview {
  /** Latest date that has sales rows, YYYY-MM-DD, or null. "Daily" figures are that date's. */
  latestDate: string | null;
  /** Money in integer cents. Returns are positive magnitudes; net is Steam's net (gross - returns - tax). */
  currentMetrics: {
    dailyRevenue: number;
    totalRevenue: number;
    dailyUnits: number;
    totalUnits: number;
    /** Net revenue per net unit sold, cents. */
    arpu: number;
    /** Steam's financial API carries no store visits, so no conversion rate can be computed: null. */
    conversionRate: number | null;
  };
  detailedMetrics: {
    grossSales: number;
    grossReturns: number;
    netSales: number;
    grossUnitsSold: number;
    grossUnitsReturned: number;
    netUnitsSold: number;
    /** Tax Steam withheld, cents. */
    netTax: number;
    /** Percent (1 decimal) of gross units returned. */
    returnRate: number;
    /** gross sales / gross units, cents. */
    averageSalePrice: number;
    /** Percent (1 decimal) of gross sales lost to returns. */
    returnsImpact: number;
  };
  trends: {
    revenueTrend: Trend;
    /** Every day of the period, oldest first; revenue in cents (net), units net. */
    revenueData: { date: string; revenue: number; units: number }[];
  };
  dataSummary: {
    daysWithData: number;
    periodDays: number;
    coveragePercent: number;
    lastUpdated: string | null;
  };
}

export interface AnalyticsOverview {
  steamEnabled: boolean;
  financialEnabled: boolean;
  hasData: boolean;
  timeRange: { days: number; startDate: string; endDate: string };
  project: { id: number; name: string; steamAppId: number | null; lastSync: string | null };
  summary: {
    currentPlayers: number;
    peakPlayers: number;
    totalAchievements: number;
    recentNews: number;
    avgDailyPeak: number;
    growthTrend: Trend;
    /** Percent with 1 decimal. */
    avgUnlockRate: number;
    /** ISO time of the newest player sample, or null. */
    lastSampleAt: string | null;
  };
  playerMetrics: PlayerMetric[];
  /** Present only while financial analytics is enabled. */
  financial: FinancialOverview | null;
}

export interface SteamSyncResult {
  success: boolean;
  message: string;
  currentPlayers: number | null;
  achievements: number | null;
  newsItems: number | null;
  /** One line per part that failed (sample, achievements, news); empty when all worked. */
  errors: string[];
}

export interface FinancialSyncResult {
  success: boolean;
  message: string;
  recordsFound: number;
  datesProcessed: number;
  error?: string;
  /** The wishlist days fetched along with the sales, and why not when they failed. */
  wishlists?: { datesFetched: number; error?: string };
}

export interface AllAppsSyncResult {
  success: boolean;
  appsProcessed: number;
  totalApps: number;
  message: string;
  error?: string;
  results: { appId: number; weeksProcessed: number; successfulWeeks: number; recordsFound: number }[];
}

export interface TestResult {
  test: string;
  success: boolean;
  message: string;
  error?: string;
  resultsCount?: number;
  data?: unknown;
}
export interface TestFinancialApiResult {
  success: boolean;
  testResults: TestResult[];
}

export interface SteamSearchResult {
  appId: number;
  name: string;
  /** Small capsule image from the store, if any. */
  tinyImage: string | null;
}

export interface AnalyticsSettings {
  steam_app_id: number | null;
  steam_analytics_enabled: boolean;
  financial_analytics_enabled: boolean;
}
export interface AnalyticsSettingsView extends AnalyticsSettings {
  /** The game's name when known (from news/search caches), else null. */
  app_name: string | null;
  steam_last_sync: string | null;
  /** Whether the server holds a partner key (the key itself never leaves the server). */
  partnerKeyConfigured: boolean;
}
