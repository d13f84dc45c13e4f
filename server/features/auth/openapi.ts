import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import { sessionUserAnswer } from "@shared/schemas/answers-projects";
import { changeEmailInput, changeNameInput, changePasswordInput, loginInput } from "@shared/schemas/auth";
import { z } from "zod";

// The signed-in user's own calls, and the service paths (health, this document, its reference page).

export const sessionArea = apiArea("Session", "Sign in and out, and change one's own account.", [
  {
    method: "post",
    path: "/auth/login",
    summary: "Sign in; sets the session cookie",
    public: true,
    body: loginInput,
    answer: { description: "The signed-in user.", schema: sessionUserAnswer },
    errors: [429],
  },
  {
    method: "post",
    path: "/auth/logout",
    summary: "Sign out; clears the session cookie",
    public: true,
    answer: { description: "Always succeeds.", schema: successAnswer },
  },
  {
    method: "get",
    path: "/auth/me",
    summary: "The signed-in user",
    answer: { description: "The signed-in user.", schema: sessionUserAnswer },
  },
  {
    method: "post",
    path: "/auth/change-name",
    summary: "Change one's own name",
    body: changeNameInput,
    answer: { description: "The user with the new name.", schema: sessionUserAnswer },
  },
  {
    method: "post",
    path: "/auth/change-email",
    summary: "Change one's own email (needs the current password)",
    body: changeEmailInput,
    answer: { description: "The user with the new email." },
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/auth/change-password",
    summary: "Change one's own password; ends the user's other sessions",
    body: changePasswordInput,
    answer: { description: "`{ success: true }` and a message." },
    errors: [429],
  },
]);

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
