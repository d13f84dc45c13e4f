import type { Db } from "@server/platform/db/client";
import * as t from "@server/platform/db/schema/tables";
import { eq } from "drizzle-orm";

/** Past 2^31 ms and far ahead (2100-01-01), so a time column cut to 32 bits would show. */
export const FAR_TIME = 4_102_444_800_123;
/** A video past 4 GiB: a size column cut to 32 bits would show. */
export const BIG_SIZE = 5 * 1024 ** 3 + 7;
/** Rows of the sampler's table: more than one insert batch. */
export const SAMPLE_ROWS = 1_234;

/**
 * A console with rows in every table of the SQLite schema, through the schema's own inserts: both
 * booleans, JSON arrays and objects, nulls, times and sizes past 32 bits, text with quotes and emoji.
 * Ids are left to SQLite, and some rows are deleted afterwards, so the ids have gaps as a used
 * console's do.
 */
export async function fillEveryTable(db: Db): Promise<void> {
  const [org] = await db
    .insert(t.organizations)
    .values({ name: "Studio «Nord» 🎮", slug: "nord" })
    .returning();
  const [closed] = await db
    .insert(t.organizations)
    .values({ name: "Closed", slug: "closed", isActive: false, createdAt: FAR_TIME })
    .returning();
  // A deleted organization leaves a gap in the ids the copy must keep.
  const [gone] = await db.insert(t.organizations).values({ name: "Gone", slug: "gone" }).returning();
  await db.delete(t.organizations).where(eq(t.organizations.id, gone!.id));

  const [admin] = await db
    .insert(t.users)
    .values({
      name: 'Ada "Admin"',
      email: "ada@example.com",
      passwordHash: "$argon2id$v=19$x",
      role: "admin",
      orgId: null,
      lastLogin: FAR_TIME,
    })
    .returning();
  const [dev] = await db
    .insert(t.users)
    .values({
      name: "Dev",
      email: "dev@example.com",
      passwordHash: "h",
      orgId: org!.id,
      isActive: false,
      authProvider: "local",
    })
    .returning();
  await db
    .insert(t.users)
    .values({ name: "Viewer", email: "v@example.com", passwordHash: "h", orgId: closed!.id, role: "viewer" });
  await db.insert(t.sessions).values({ id: "a".repeat(64), userId: admin!.id, expiresAt: FAR_TIME });

  const [project] = await db
    .insert(t.projects)
    .values({
      name: "Game",
      orgId: org!.id,
      createdBy: dev!.id,
      steamAppId: 480,
      steamAnalyticsEnabled: true,
      financialAnalyticsEnabled: false,
      steamLastSync: FAR_TIME,
      url: null,
    })
    .returning();
  const projectId = project!.id;

  const [video] = await db
    .insert(t.mediaFiles)
    .values({
      projectId,
      originalName: "trailer final (2).mp4",
      storedName: "0b7c1e2a.mp4",
      mimeType: "video/mp4",
      fileSize: BIG_SIZE,
      kind: "video",
      durationSeconds: 61.125,
      width: 1920,
      height: 1080,
      videoCodec: "h264",
      audioCodec: "aac",
      bitrate: 6_000_000,
      frameRate: 29.97,
      keyframeInterval: 2,
      steamReady: true,
      steamReasons: [],
      posterName: "0b7c1e2a.mp4.jpg",
      uploadedBy: dev!.id,
    })
    .returning();
  const [image] = await db
    .insert(t.mediaFiles)
    .values({
      projectId,
      originalName: "cover.png",
      storedName: "9f00aa.png",
      mimeType: "image/png",
      fileSize: 1234,
      kind: "image",
      steamReady: false,
      steamReasons: ["Too loud", 'Quote " and, comma'],
      uploadedBy: null,
    })
    .returning();
  await db.insert(t.mediaPreparations).values({
    mediaId: image!.id,
    status: "done",
    percent: 100,
    outputName: "9f00aa-steam.mp4",
    pid: null,
    finishedAt: FAR_TIME,
  });

  const [destination] = await db
    .insert(t.destinations)
    .values({
      projectId,
      name: "Steam",
      type: "steam",
      rtmpUrl: "rtmp://ingest.example.com/app",
      streamKey: "sk_live_secret",
      autorestart: true,
      caFile: "/etc/console/ca.pem",
      reconnectHours: 24,
      createdBy: admin!.id,
    })
    .returning();
  const destinationId = destination!.id;
  const [playlist] = await db
    .insert(t.playlists)
    .values({ projectId, name: "Loop", createdBy: dev!.id })
    .returning();
  await db.insert(t.playlistItems).values([
    { playlistId: playlist!.id, position: 0, mediaId: video!.id },
    { playlistId: playlist!.id, position: 1, mediaId: image!.id },
  ]);
  const [stream] = await db
    .insert(t.streams)
    .values({
      projectId,
      destinationId,
      mediaId: video!.id,
      mediaName: "trailer final (2).mp4",
      mediaSize: BIG_SIZE,
      destinationName: "Steam",
      destinationType: "steam",
      status: "stopped",
      errorCount: 2,
      lastErrorMessage: "Connection reset",
      lastErrorTime: FAR_TIME,
      plannedReconnects: 1,
      startedBy: dev!.id,
      stoppedAt: FAR_TIME,
      resumeOnStart: true,
      playOriginAt: FAR_TIME - 1,
      scheduleId: null,
      node: "node-a",
    })
    .returning();
  const streamId = stream!.id;
  await db.insert(t.streamLeases).values({
    streamId,
    node: "node-a",
    epoch: 3,
    expiresAt: FAR_TIME,
    acquiredAt: FAR_TIME - 10_000,
    figures: { fps: 30, bitrate_kbps: 6000, speed: 1 } as never,
  });
  await db
    .insert(t.streamUnreadable)
    .values({ streamId, node: "node-b", file: "Trailer «final».mp4", at: FAR_TIME });
  await db.insert(t.streams).values({
    projectId,
    playlistId: playlist!.id,
    playlistName: "Loop",
    mediaName: "Loop",
    destinationName: "Steam",
    destinationType: "steam",
  });
  await db.insert(t.healthSamples).values({
    streamId,
    at: FAR_TIME,
    span: 10,
    bitrateKbps: 5999.5,
    bitrateMin: 5000.25,
    bitrateMax: 7000,
    fps: 30,
    fpsMin: 29.5,
    fpsMax: 30.5,
    speed: 1.001,
    dropped: 0,
    dup: 3,
  });
  await db.insert(t.destinationIntents).values([
    { destinationId, source: "user", startedAt: FAR_TIME - 10, endedAt: FAR_TIME },
    { destinationId, source: "schedule", startedAt: FAR_TIME },
  ]);
  await db.insert(t.liveRuns).values([
    { streamId, destinationId, startedAt: FAR_TIME - 5, endedAt: FAR_TIME, planned: true },
    { streamId, destinationId, startedAt: FAR_TIME },
  ]);
  await db.insert(t.destinationFailures).values({ destinationId, streamId, at: FAR_TIME });
  await db.insert(t.storePageStates).values({
    streamId,
    destinationId,
    state: "on_store_page",
    appId: 480,
    appTitle: "Spacewar",
    reason: null,
    startedAt: FAR_TIME,
  });
  await db.insert(t.schedules).values([
    {
      destinationId,
      projectId,
      kind: "weekly",
      days: '["mon","fri"]',
      fromTime: "20:00",
      toTime: "02:00",
      timezone: "Europe/Berlin",
      playlistId: playlist!.id,
      createdBy: admin!.id,
    },
    {
      destinationId,
      projectId,
      kind: "once",
      startsAt: FAR_TIME,
      endsAt: FAR_TIME + 3_600_000,
      mediaId: video!.id,
      heldUntil: FAR_TIME,
    },
  ]);

  await db.insert(t.jobs).values([
    {
      kind: "steam-sync",
      key: `financial-recent:${projectId}`,
      projectId,
      startedBy: dev!.id,
      status: "done",
      datesDone: 3,
      datesTotal: 3,
      recordsFound: 42,
      result: { apps: [480, 481], nested: { ok: true, note: null } },
      startedAt: FAR_TIME - 1000,
      updatedAt: FAR_TIME,
      node: "node-a",
      finishedAt: FAR_TIME,
    },
    {
      kind: "sync",
      key: "all-apps",
      status: "failed",
      errorMessage: "Steam answered 503",
      errorCode: "UPSTREAM",
      errorDetails: { status: 503, retry: false },
      startedAt: 1,
      updatedAt: 2,
    },
  ]);
  await db.insert(t.nodes).values({
    name: "node-a",
    maxStreams: null,
    startedAt: FAR_TIME,
    lastHeartbeatAt: FAR_TIME,
    streams: 1,
    cpuPercent: 12.5,
    rssBytes: BIG_SIZE,
    downReportedAt: FAR_TIME,
  });
  await db.insert(t.leaderLeases).values({
    role: "background",
    node: "node-a",
    epoch: 7,
    expiresAt: FAR_TIME,
    acquiredAt: FAR_TIME - 10_000,
  });
  await db.insert(t.mediaImports).values({
    projectId,
    startedBy: dev!.id,
    url: "https://www.dropbox.com/scl/fi/abc/Trailer%20«Nord».mp4?rlkey=x&dl=1",
    name: "Trailer «Nord».mp4",
    status: "done",
    bytes: BIG_SIZE,
    total: BIG_SIZE,
    mediaId: video!.id,
    createdAt: FAR_TIME - 60_000,
    updatedAt: FAR_TIME,
    finishedAt: FAR_TIME,
  });
  await db.insert(t.loginAttempts).values({ key: "addr\n203.0.113.9", count: 3, resetAt: FAR_TIME });
  await db.insert(t.apiTokens).values({
    userId: dev!.id,
    name: "CI",
    tokenHash: "b".repeat(64),
    prefix: "sc_abc",
    expiresAt: FAR_TIME,
  });
  const [hook] = await db
    .insert(t.webhooks)
    .values({
      projectId,
      url: "https://discord.com/api/webhooks/1/secret",
      name: "Discord #ops",
      format: "discord",
      events: ["stream.started", "stream.failed"],
      secret: "whsec_x",
      createdBy: admin!.id,
    })
    .returning();
  await db.insert(t.webhookDeliveries).values({
    webhookId: hook!.id,
    event: "stream.started",
    payload: '{"content":"Live"}',
    status: "delivered",
    httpStatus: 204,
    attempts: 1,
    nextAttemptAt: FAR_TIME,
    createdAt: FAR_TIME,
    deliveredAt: FAR_TIME,
  });

  await db.insert(t.steamPlayerSamples).values(
    Array.from({ length: SAMPLE_ROWS }, (_, i) => ({
      appId: 480,
      sampledAt: FAR_TIME + i * 300_000,
      playerCount: i,
    })),
  );
  await db.insert(t.steamAppCache).values({
    appId: 480,
    name: "Spacewar",
    achievementCount: 12,
    achievementAvgPercent: 33.3,
    achievementsFetchedAt: FAR_TIME,
    newsFetchedAt: null,
  });
  await db.insert(t.steamNews).values({
    appId: 480,
    gid: "5123",
    title: "Patch 1.1",
    url: "https://store.steampowered.com/news/1",
    publishedAt: FAR_TIME,
  });
  await db.insert(t.steamSales).values({
    date: "2026-01-02",
    primaryAppId: 480,
    appId: 480,
    packageId: 1,
    bundleId: null,
    lineItemType: "Package",
    platform: "Windows",
    countryCode: "DE",
    currency: "EUR",
    grossUnitsSold: 10,
    grossUnitsReturned: 1,
    netUnitsSold: 9,
    grossSalesCents: 19_990,
    grossReturnsCents: -1_999,
    netTaxCents: -3_000,
    netSalesCents: 14_991,
    combinedDiscountId: 7,
    totalDiscountPercentage: 33.5,
  });
  await db
    .insert(t.steamSalesDates)
    .values({ date: "2026-01-02", changedAt: FAR_TIME, fetchedAt: null, rowCount: 1 });
  await db.insert(t.steamPartnerState).values({ id: 1, highwatermark: "987654321", updatedAt: FAR_TIME });
  await db.insert(t.steamReviewDays).values({
    appId: 480,
    date: "2026-01-02",
    reviewScore: 8,
    scoreDesc: "Very Positive",
    totalPositive: 900,
    totalNegative: 50,
    totalReviews: 950,
    sampledAt: FAR_TIME,
    changeAlertedFrom: "Mostly Positive",
  });
  await db
    .insert(t.steamPlayerDaily)
    .values({ appId: 480, date: "2026-01-02", peak: 99, total: 1234.5, samples: 288 });
  await db
    .insert(t.steamPlayerPeaks)
    .values({ appId: 480, peak: 99, peakAt: FAR_TIME, alertedPeak: 90, alertedAt: null });
  await db.insert(t.watchlistApps).values({ projectId, appId: 570, name: "Dota 2", addedAt: FAR_TIME });
  await db.insert(t.steamPriceDays).values({
    appId: 570,
    date: "2026-01-02",
    name: "Dota 2",
    isFree: false,
    currency: "EUR",
    initialCents: 1999,
    finalCents: 1499,
    discountPercent: 25,
    releaseDate: "Jul 9, 2013",
    comingSoon: false,
    genres: "Action, Strategy",
    sampledAt: FAR_TIME,
  });
  await db
    .insert(t.steamAppStates)
    .values({ appId: 570, source: "details", state: "rate_limited", checkedAt: FAR_TIME });
  await db.insert(t.steamSalesApps).values({ appId: 480, name: "Spacewar" });
  await db.insert(t.steamSalesPackages).values({ packageId: 1, name: "Spacewar Package" });
  await db.insert(t.steamSalesBundles).values({ bundleId: 2, name: "Bundle" });
  await db.insert(t.steamSalesCountries).values({ countryCode: "DE", name: "Germany", region: null });
  await db
    .insert(t.steamSalesDiscounts)
    .values({ combinedDiscountId: 7, name: "Winter", totalDiscountPercentage: 33.5, discountIds: "[1,2]" });
  await db.insert(t.steamRefundAlerts).values({ projectId, date: "2026-01-02", sentAt: FAR_TIME });
  await db.insert(t.steamWishlistDays).values({
    appId: 480,
    date: "2026-01-02",
    adds: 5,
    deletes: 1,
    purchases: 2,
    gifts: 0,
    addsWindows: 4,
    addsMac: null,
    addsLinux: 1,
    fetchedAt: FAR_TIME,
  });
  await db
    .insert(t.steamWishlistCountries)
    .values({ appId: 480, date: "2026-01-02", countryCode: "DE", adds: 5 });
  await db.insert(t.steamWishlistApps).values({ appId: 480, appMinDate: "2020-01-01", checkedAt: FAR_TIME });
  await db
    .insert(t.wishlistSpikeAlerts)
    .values({ projectId, date: "2026-01-02", deletes: 40, sentAt: FAR_TIME });
  await db.insert(t.analyticsAnomalies).values({
    projectId,
    figure: "wishlist_deletes",
    country: "DE",
    date: "2026-01-02",
    value: 90,
    median: 10,
    low: 0,
    high: 30.5,
    sentAt: FAR_TIME,
  });
  await db.insert(t.analyticsDigests).values({ projectId, week: "2026-01-05", sentAt: FAR_TIME });
  await db.insert(t.analyticsDigestSettings).values({ projectId, enabled: false, timeZone: "Europe/Berlin" });
}
