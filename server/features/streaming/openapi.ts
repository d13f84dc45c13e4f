import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import {
  destinationView,
  ingestCheck,
  streamRecord,
  streamStatusAnswer,
} from "@shared/schemas/answers-streaming";
import {
  checkIngestBody,
  createDestinationInput,
  startStreamBody,
  stopStreamInput,
  streamStatusQuery,
  updateDestinationFields,
} from "@shared/schemas/streaming";

export const streamingArea = apiArea(
  "Streaming",
  "Destinations (where a broadcast goes) and the streams on them.",
  [
    {
      method: "get",
      path: "/destinations/:id",
      ids: { id: "The project's id." },
      summary: "A project's destinations, with their live state",
      answer: {
        description: "Destinations; stream keys are left out for viewers.",
        schema: destinationView.array(),
      },
    },
    {
      method: "post",
      path: "/destinations",
      summary: "Add a destination",
      body: createDestinationInput,
      answer: { status: 201, description: "The new destination.", schema: destinationView },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/destinations/check",
      summary: "Check an RTMP address before saving it: a handshake with the ingest, nothing published",
      body: checkIngestBody,
      answer: {
        description: "Whether the ingest answered as RTMP, in a plain sentence.",
        schema: ingestCheck,
      },
      errors: [403],
    },
    {
      method: "post",
      path: "/destinations/:id/check",
      summary: "Check a destination's ingest: a handshake within 5 s, nothing published",
      answer: {
        description: "Whether the ingest answered as RTMP, in a plain sentence.",
        schema: ingestCheck,
      },
      errors: [403],
    },
    {
      method: "put",
      path: "/destinations/:id",
      ids: { id: "The destination's id." },
      summary: "Change a destination",
      body: updateDestinationFields,
      answer: { description: "The destination.", schema: destinationView },
      errors: [403, 409],
    },
    {
      method: "delete",
      path: "/destinations/:id",
      ids: { id: "The destination's id." },
      summary: "Remove a destination (stops its stream first)",
      answer: { description: "Removed.", schema: successAnswer },
      errors: [403],
    },
    {
      method: "post",
      path: "/destinations/:id/stream",
      summary: "Start a stream of a media file or a playlist on this destination",
      body: startStreamBody,
      answer: { status: 201, description: "The new stream.", schema: streamRecord },
      errors: [403, 409, 429, 507],
    },
    {
      method: "post",
      path: "/streams/stop",
      summary: "Stop a stream",
      body: stopStreamInput,
      answer: { description: "The stopped stream.", schema: streamRecord },
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/streams/status",
      summary: "A project's streams and media preparations",
      query: streamStatusQuery,
      answer: {
        description: "Streams with live figures, and preparations running.",
        schema: streamStatusAnswer,
      },
      errors: [404],
    },
    {
      method: "get",
      path: "/streams/system-info",
      summary: "Stream counts; admins also get the server's CPU, memory and limit",
      answer: { description: '`scope: "system"` for admins, `scope: "projects"` for everyone else.' },
    },
    {
      method: "delete",
      path: "/streams/:id",
      summary: "Remove an ended stream from the history",
      answer: { description: "Removed.", schema: successAnswer },
      errors: [403, 409],
    },
  ],
);
