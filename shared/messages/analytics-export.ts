// The server's refusals of an analytics export.

export const EXPORT = {
  kindInvalid: "Choose what to export: sales, players, wishlists or reviews.",
  formatInvalid: "Choose CSV or JSON.",
  dateInvalid: (name: string) => `The ${name} date must be a real date written YYYY-MM-DD.`,
  fromAfterTo: "The start date must be on or before the end date.",
  rangeTooLong: (maxDays: number) =>
    `An export covers at most ${maxDays} days (3 years). Choose a shorter range.`,
  noAppId: "Set this project's Steam App ID before exporting its analytics.",
  financialOff: "Turn on financial analytics for this project to export its sales or wishlists.",
} as const;
