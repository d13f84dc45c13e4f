// What the analytics calls answer: the shapes the server builds and the screens read.

export type {
  AnalyticsOverview,
  FinancialOverview,
  PlayerMetric,
  Trend,
} from "./analytics-answer-schemas";

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
