import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import {
  destinationView,
  ingestCheck,
  streamRecord,
  streamStatusAnswer,
} from "@shared/schemas/answers-streaming";
import {
  storePageChange,
  storePageHistoryInput,
  storePageInput,
  storePageView,
} from "@shared/schemas/store-page";
import {
  checkIngestBody,
  createDestinationInput,
  destinationsInput,
  idInput,
  startStreamInput,
  stopStreamInput,
  streamStatusInput,
  updateDestinationInput,
} from "@shared/schemas/streaming";
import * as destinationCheck from "./destination-check";
import * as destinations from "./destinations";
import * as storePage from "./store-page/store-page";
import * as streams from "./streams";
import { systemInfo } from "./system-info";

const checked = "Whether the ingest answered as RTMP, in a plain sentence.";

// The destination and stream calls, each declared once. `/destinations/{id}` is one path to a
// client: a project's id on GET, a destination's otherwise.
export const streamingCalls = {
  destinations: call({
    auth: "user",
    input: destinationsInput,
    rest: {
      method: "get",
      path: "/destinations/:id",
      params: { id: "projectId" },
      idLabels: { id: "projectId" },
    },
    doc: {
      summary: "A project's destinations, with their live state",
      ids: { id: "The project's id." },
      answer: {
        description: "Destinations; stream keys are left out for viewers.",
        schema: destinationView.array(),
      },
    },
    handler: ({ deps, user }, input) => destinations.listDestinations(deps, user, input.projectId),
  }),
  createDestination: call({
    auth: "user",
    input: createDestinationInput,
    rest: { method: "post", path: "/destinations" },
    doc: {
      summary: "Add a destination",
      answer: { status: 201, description: "The new destination.", schema: destinationView },
      errors: [403, 404],
    },
    handler: ({ deps, user }, input) => destinations.createDestination(deps, user, input),
  }),
  /** "Check connection" on the unsaved form: the address typed, in the project it is for. */
  checkIngest: call({
    auth: "user",
    input: checkIngestBody,
    rest: { method: "post", path: "/destinations/check" },
    doc: {
      summary: "Check an RTMP address before saving it: a handshake with the ingest, nothing published",
      answer: { description: checked, schema: ingestCheck },
      errors: [403],
    },
    handler: ({ deps, user }, input) => destinationCheck.checkIngestUrl(deps, user, input),
  }),
  /** "Check connection" for a saved destination. */
  checkDestination: call({
    auth: "user",
    input: idInput,
    rest: { method: "post", path: "/destinations/:id/check", params: { id: "id" } },
    doc: {
      summary: "Check a destination's ingest: a handshake within 5 s, nothing published",
      answer: { description: checked, schema: ingestCheck },
      errors: [403],
    },
    handler: ({ deps, user }, input) => destinationCheck.checkDestination(deps, user, input.id),
  }),
  /** Whether Steam shows the destination's running stream, as last checked. */
  storePage: call({
    auth: "user",
    input: storePageInput,
    rest: { method: "get", path: "/destinations/:id/store-page", params: { id: "id" } },
    doc: {
      summary: "Whether Steam shows a Steam destination's running stream on the game's store page",
      ids: { id: "The destination's id." },
      answer: {
        description:
          "The state (pushed, on_store_page, other_app, not_shown, unknown), since when, the app Steam shows it with and why; every field null when no stream runs.",
        schema: storePageView,
      },
      errors: [400],
    },
    handler: ({ deps, user }, input) => storePage.storePageState(deps, user, input.id),
  }),
  /** Asks Steam now, rather than at the next 30-s check. */
  checkStorePage: call({
    auth: "user",
    input: storePageInput,
    rest: { method: "post", path: "/destinations/:id/store-page/check", params: { id: "id" } },
    doc: {
      summary: "Ask Steam now whether it shows a Steam destination's running stream",
      ids: { id: "The destination's id." },
      answer: { description: "The state after the check.", schema: storePageView },
      errors: [400, 409],
    },
    handler: ({ deps, user }, input) => storePage.checkStorePage(deps, user, input.id),
  }),
  storePageHistory: call({
    auth: "user",
    input: storePageHistoryInput,
    rest: { method: "get", path: "/streams/:id/store-page", params: { id: "streamId" } },
    doc: {
      summary: "A stream's store-page states, oldest first",
      ids: { id: "The stream's id." },
      answer: { description: "Every change of state while the stream ran.", schema: storePageChange.array() },
    },
    handler: ({ deps, user }, input) => storePage.storePageHistory(deps, user, input.streamId),
  }),
  updateDestination: call({
    auth: "user",
    input: updateDestinationInput,
    rest: { method: "put", path: "/destinations/:id", params: { id: "id" } },
    doc: {
      summary: "Change a destination",
      ids: { id: "The destination's id." },
      answer: { description: "The destination.", schema: destinationView },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => destinations.updateDestination(deps, user, input),
  }),
  deleteDestination: call({
    auth: "user",
    input: idInput,
    rest: { method: "delete", path: "/destinations/:id", params: { id: "id" } },
    doc: {
      summary: "Remove a destination (stops its stream first)",
      ids: { id: "The destination's id." },
      answer: { description: "Removed.", schema: successAnswer },
      errors: [403],
    },
    handler: ({ deps, user }, input) => destinations.deleteDestination(deps, user, input.id),
  }),
  /** Over the concurrency limit: 429 with the figures, `{ error, currentStreams, maxStreams }`. */
  start: call({
    auth: "user",
    input: startStreamInput,
    rest: { method: "post", path: "/destinations/:id/stream", params: { id: "destinationId" } },
    doc: {
      summary: "Start a stream of a media file or a playlist on this destination",
      answer: { status: 201, description: "The new stream.", schema: streamRecord },
      errors: [403, 409, 429, 507],
    },
    handler: ({ deps, user }, input) => streams.startStream(deps, user, input),
  }),
  stop: call({
    auth: "user",
    input: stopStreamInput,
    rest: { method: "post", path: "/streams/stop" },
    doc: {
      summary: "Stop a stream",
      answer: { description: "The stopped stream.", schema: streamRecord },
      errors: [403, 404],
    },
    handler: ({ deps, user }, input) => streams.stopStream(deps, user, input.streamId),
  }),
  status: call({
    auth: "user",
    input: streamStatusInput,
    rest: { method: "get", path: "/streams/status" },
    doc: {
      summary: "A project's streams and media preparations",
      answer: {
        description: "Streams with live figures, and preparations running.",
        schema: streamStatusAnswer,
      },
      errors: [404],
    },
    handler: ({ deps, user }, input) => streams.streamStatus(deps, user, input.projectId),
  }),
  systemInfo: call({
    auth: "user",
    rest: { method: "get", path: "/streams/system-info" },
    doc: {
      summary: "Stream counts; admins also get the server's CPU, memory and limit",
      answer: { description: '`scope: "system"` for admins, `scope: "projects"` for everyone else.' },
    },
    handler: ({ deps, user }) => systemInfo(deps, user),
  }),
  deleteStream: call({
    auth: "user",
    input: idInput,
    rest: { method: "delete", path: "/streams/:id", params: { id: "id" } },
    doc: {
      summary: "Remove an ended stream from the history",
      answer: { description: "Removed.", schema: successAnswer },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => streams.deleteStream(deps, user, input.id),
  }),
};

export const streamingRouter = trpcRouter(streamingCalls);
export const streamingRest = restRoutes(streamingCalls);
export const streamingArea = apiArea(
  "Streaming",
  "Destinations (where a broadcast goes) and the streams on them.",
  openApiRoutes(streamingCalls),
);
