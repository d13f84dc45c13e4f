import { analyticsExportRoutes } from "@server/features/analytics/export/openapi";
import { apiArea } from "@server/platform/openapi/registry";
import {
  allAppsSyncInput,
  newsQuery,
  overviewQuery,
  searchQuery,
  settingsBody,
  syncInput,
  testFinancialApiQuery,
} from "@shared/schemas/analytics";
import { analyticsOverviewAnswer } from "@shared/schemas/analytics-answer-schemas";
import { reviewsAnswer, reviewsQuery } from "@shared/schemas/analytics-reviews";
import { wishlistsAnswer, wishlistsQuery } from "@shared/schemas/wishlists";

const daysBody = syncInput.pick({ days: true });
const syncAnswer = "The finished sync job's result (the call waits for the job).";

export const analyticsArea = apiArea("Analytics", "Steam players, news and sales for a project's game.", [
  {
    method: "get",
    path: "/analytics/news/:id",
    summary: "The game's latest Steam news",
    query: newsQuery,
    answer: { description: "News items and a summary." },
    errors: [502],
  },
  {
    method: "get",
    path: "/analytics/project-overview/:id",
    summary: "Players, achievements, news and (when enabled) sales over the last days",
    query: overviewQuery,
    answer: { description: "The overview.", schema: analyticsOverviewAnswer },
  },
  {
    method: "get",
    path: "/analytics/reviews/:projectId",
    summary: "The game's Steam review score, percent positive and its daily trend",
    query: reviewsQuery,
    answer: {
      description: "The latest summary, the daily trend and the change over the period.",
      schema: reviewsAnswer,
    },
    errors: [400],
  },
  {
    method: "post",
    path: "/analytics/steam/sync-historical/:id",
    summary: "Fetch Steam player figures now",
    body: daysBody,
    answer: { description: syncAnswer },
    errors: [403, 409, 502],
  },
  {
    method: "post",
    path: "/analytics/financial/sync-historical/:id",
    summary: "Fetch sales for the last days",
    body: daysBody,
    answer: { description: syncAnswer },
    errors: [403, 409, 502],
  },
  {
    method: "post",
    path: "/analytics/financial/fetch-recent/:id",
    summary: "Fetch the newest sales",
    answer: { description: syncAnswer },
    errors: [403, 409, 502],
  },
  {
    method: "post",
    path: "/analytics/financial/fetch-all-history/:id",
    summary: "Fetch every day of sales Steam has",
    answer: { description: syncAnswer },
    errors: [403, 409, 502],
  },
  {
    method: "post",
    path: "/analytics/financial/fetch-all-apps",
    summary: "Fetch sales for every project with financial analytics on",
    body: allAppsSyncInput,
    answer: { description: syncAnswer },
    errors: [403, 409, 502],
  },
  {
    method: "get",
    path: "/analytics/steam/test-financial-api",
    summary: "Check that the Steam partner key can read this app's sales",
    query: testFinancialApiQuery,
    answer: { description: "What each check found." },
    errors: [403, 502],
  },
  {
    method: "get",
    path: "/analytics/steam/search",
    summary: "Search Steam's games by name",
    query: searchQuery,
    answer: { description: "`{ results }`: matching games." },
    errors: [502],
  },
  {
    method: "get",
    path: "/analytics/wishlists/:projectId",
    summary: "Wishlist adds, deletes, purchases and gifts per day, the outstanding balance and top countries",
    query: wishlistsQuery,
    answer: { description: "The wishlists over the last days.", schema: wishlistsAnswer },
  },
  {
    method: "get",
    path: "/analytics/settings/:projectId",
    summary: "A project's analytics settings",
    answer: { description: "The settings." },
  },
  {
    method: "put",
    path: "/analytics/settings/:projectId",
    summary: "Change a project's analytics settings",
    body: settingsBody,
    answer: { description: "The saved settings." },
    errors: [403],
  },
  ...analyticsExportRoutes,
]);
