import { apiArea } from "@server/platform/openapi/registry";
import { z } from "zod";

// The service paths: liveness (served by the health feature), and this document and its reference
// page (served by ./openapi-rest), hand-written.

export const systemArea = apiArea("System", "Liveness and this API's own description.", [
  {
    method: "get",
    path: "/health",
    summary: "Liveness check",
    public: true,
    answer: { description: "The server answers.", schema: z.object({ status: z.literal("ok") }) },
  },
  {
    method: "get",
    path: "/openapi.json",
    summary: "This document (OpenAPI 3.1)",
    public: true,
    answer: { description: "The OpenAPI document of every REST path." },
  },
  {
    method: "get",
    path: "/docs",
    summary: "The reference page for this document",
    public: true,
    answer: {
      description: "An HTML page; its script is served by the console itself.",
      contentType: "text/html",
    },
  },
  {
    method: "get",
    path: "/docs/scalar.js",
    summary: "The reference page's script, served from the console's own install",
    public: true,
    answer: { description: "JavaScript.", contentType: "text/javascript" },
  },
]);
