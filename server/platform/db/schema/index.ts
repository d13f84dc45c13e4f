import { dialect } from "@server/platform/db/dialect";
import * as pg from "@server/platform/db/schema-pg";
import * as sqlite from "./tables";

/**
 * The tables the services import. Both schemas hold the same tables and columns with the same row
 * types (test/server/platform/db-parity.test.ts), so the services are written once against the SQLite
 * definitions' types while, on PostgreSQL, the objects handed to drizzle are the pg-core twins that
 * build PostgreSQL's SQL and value mapping.
 */
const chosen = (dialect === "postgres" ? pg : sqlite) as unknown as typeof sqlite;

export type * from "./tables";
export const INTENT_SOURCES = chosen.INTENT_SOURCES;
export const PREPARATION_STATUSES = chosen.PREPARATION_STATUSES;
export const analyticsAnomalies = chosen.analyticsAnomalies;
export const analyticsDigestSettings = chosen.analyticsDigestSettings;
export const analyticsDigests = chosen.analyticsDigests;
export const apiTokens = chosen.apiTokens;
export const destinationFailures = chosen.destinationFailures;
export const destinationIntents = chosen.destinationIntents;
export const destinations = chosen.destinations;
export const healthSamples = chosen.healthSamples;
export const jobs = chosen.jobs;
export const leaderLeases = chosen.leaderLeases;
export const liveRuns = chosen.liveRuns;
export const loginAttempts = chosen.loginAttempts;
export const mediaFiles = chosen.mediaFiles;
export const mediaImports = chosen.mediaImports;
export const mediaPreparations = chosen.mediaPreparations;
export const nodes = chosen.nodes;
export const organizations = chosen.organizations;
export const playlistItems = chosen.playlistItems;
export const playlists = chosen.playlists;
export const projects = chosen.projects;
export const schedules = chosen.schedules;
export const sessions = chosen.sessions;
export const steamAppCache = chosen.steamAppCache;
export const steamAppStates = chosen.steamAppStates;
export const steamNews = chosen.steamNews;
export const steamPartnerState = chosen.steamPartnerState;
export const steamPlayerDaily = chosen.steamPlayerDaily;
export const steamPlayerPeaks = chosen.steamPlayerPeaks;
export const steamPlayerSamples = chosen.steamPlayerSamples;
export const steamPriceDays = chosen.steamPriceDays;
export const steamRefundAlerts = chosen.steamRefundAlerts;
export const steamReviewDays = chosen.steamReviewDays;
export const steamSales = chosen.steamSales;
export const steamSalesApps = chosen.steamSalesApps;
export const steamSalesBundles = chosen.steamSalesBundles;
export const steamSalesCountries = chosen.steamSalesCountries;
export const steamSalesDates = chosen.steamSalesDates;
export const steamSalesDiscounts = chosen.steamSalesDiscounts;
export const steamSalesPackages = chosen.steamSalesPackages;
export const steamWishlistApps = chosen.steamWishlistApps;
export const steamWishlistCountries = chosen.steamWishlistCountries;
export const steamWishlistDays = chosen.steamWishlistDays;
export const storePageStates = chosen.storePageStates;
export const streamLeases = chosen.streamLeases;
export const streamUnreadable = chosen.streamUnreadable;
export const streams = chosen.streams;
export const users = chosen.users;
export const watchlistApps = chosen.watchlistApps;
export const webhookDeliveries = chosen.webhookDeliveries;
export const webhooks = chosen.webhooks;
export const wishlistSpikeAlerts = chosen.wishlistSpikeAlerts;
