import { call } from "@server/platform/api/call";
import {
  digestSettingsInput,
  digestSettingsView,
  sendDigestAnswer,
  sendDigestInput,
  updateDigestSettingsInput,
} from "@shared/schemas/analytics-digest";
import { getDigestSettings, sendDigestNow, updateDigestSettings } from "./digest";

const projectPath = { projectId: "projectId" };

// The weekly digest's setting and its "Send digest now".
export const digestCalls = {
  digestSettings: call({
    auth: "user",
    input: digestSettingsInput,
    rest: { method: "get", path: "/analytics/digest-settings/:projectId", params: projectPath },
    doc: {
      summary: "A project's weekly digest setting",
      answer: { description: "The setting and the last week sent.", schema: digestSettingsView },
    },
    handler: ({ deps, user }, input) => getDigestSettings(deps, user, input),
  }),
  updateDigestSettings: call({
    auth: "user",
    input: updateDigestSettingsInput,
    rest: { method: "put", path: "/analytics/digest-settings/:projectId", params: projectPath },
    doc: {
      summary: "Turn the weekly digest on or off and choose its time zone",
      answer: { description: "The saved setting.", schema: digestSettingsView },
      errors: [403],
    },
    handler: ({ deps, user }, input) => updateDigestSettings(deps, user, input),
  }),
  sendDigest: call({
    auth: "user",
    input: sendDigestInput,
    rest: { method: "post", path: "/analytics/:projectId/digest", params: projectPath },
    doc: {
      summary: "Send last week's digest to the project's webhooks now",
      answer: { description: "How many webhook deliveries were queued.", schema: sendDigestAnswer },
      errors: [403],
    },
    handler: ({ deps, user }, input) => sendDigestNow(deps, user, input),
  }),
};
