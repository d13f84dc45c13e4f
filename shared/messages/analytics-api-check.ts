// What the Test Financial API dialog's checks say, check by check.
export const API_CHECK = {
  keyTest: "Partner API Key",
  keyConfigured: "A Partner API key is configured on the server",
  salesTest: "Detailed Sales",
  appTest: "App Data",
  failed: (test: string) => `${test} failed`,
  datesFound: (count: number) =>
    `GetChangedDatesForPartner answered with ${count} dates that have sales data`,
  noSalesDates: "The partner account has no sales dates yet",
  salesFound: (date: string, rows: number, pages: number) =>
    `GetDetailedSales for ${date} returned ${rows} line items in ${pages} pages`,
  partnerMismatch: (partnerId: number, detected: number[]) =>
    `Partner ID ${partnerId} does not match the key's partner (${detected.join(", ")})`,
  appFound: (appId: number, rows: number, date: string | null) =>
    `App ${appId} has ${rows} line items on ${date}`,
  appMissing: (appId: number) => `App ${appId} was not found in the latest sales data`,
  appOfOtherOrganization: "This App ID belongs to another organization's project",
} as const;
